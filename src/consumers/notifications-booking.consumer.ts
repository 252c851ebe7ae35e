import {
  type NotificationsBookingPayloads,
  notificationsBookingReaders,
} from "../contracts/readers/booking-readers.js";
import {
  findParticipants,
  rememberParticipants,
} from "../domain/notifications/deal-participants.repository.js";
import { addNotifications } from "../domain/notifications/inbox/add-notifications.js";
import { decideNotifications } from "../domain/notifications/notification.decide.js";
import { notificationsErrors } from "../domain/notifications/notifications.errors.js";
import { type TransitionOf, transitionFrom } from "../domain/notifications/saga-transition.js";
import type { Settings } from "../platform/config/settings.js";
import type { RawTx } from "../platform/db/raw-tx.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type HandlerContext,
  type HandlerResult,
  rawPgScope,
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";
import { projectionBatch } from "./projection-batch.js";

/** The crm booking events notifications reads (booking-extended has no notification), decision 0300. */
export type NotificationsBookingTopics = NotificationsBookingPayloads;

export const NOTIFICATIONS_BOOKING_GROUP = "pin-notifications-booking";
const CONTRACT_VERSION = 1;

/**
 * crm booking events → notifications in the participants' inboxes. booking-created only records
 * the deal's parties (no notification: the spec names none for it). No dedup mark (decision
 * 0589): notifications are unique per (source event, recipient), the parties first-insert-wins. A transition of a deal
 * whose booking-created was not seen yet fails with NOTIFICATIONS_DEAL_PARTICIPANTS_NOT_FOUND:
 * retried (parked), then DLQ.
 */
export function notificationsBookingConsumer(deps: {
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: Pick<Settings, "dealEventRetryDelays" | "consumerBatchSize" | "projectionFlushMs">;
}): ConsumerDefinition<NotificationsBookingTopics, RawTx> {
  const created = counter(deps.metrics, "notifications_created_total", "Notifications added to inboxes", [
    "kind",
    "recipient_kind",
  ]);

  function notify<P>(of: (payload: P) => TransitionOf) {
    return async (payload: P, ctx: HandlerContext<RawTx>): Promise<HandlerResult> => {
      const { dealId, bookingId, transition } = of(payload);
      const participants = await findParticipants(ctx.tx, dealId);
      if (!participants) throw notificationsErrors.participantsNotFound(dealId);
      const added = await addNotifications(ctx.tx, decideNotifications(participants, bookingId, transition), {
        clock: ctx.clock,
        sourceMessageId: ctx.envelope.metadata.messageId,
        correlationId: ctx.envelope.metadata.correlationId,
      });
      for (const n of added) created.inc({ kind: n.kind, recipient_kind: n.recipientKind });
      ctx.log.debug(
        { dealId, bookingId, transition: transition.type, added: added.length },
        "notifications added",
      );
      return added.length > 0 ? "applied" : "skipped";
    };
  }

  return defineConsumer<NotificationsBookingTopics, RawTx>({
    group: NOTIFICATIONS_BOOKING_GROUP,
    expectedContractVersion: CONTRACT_VERSION,
    // Dedup by construction (decision 0589): participants ON CONFLICT DO NOTHING, a notification
    // unique per (source message id, recipient), its event enqueued only for inserted rows.
    scope: rawPgScope({ marks: false }),
    // A notification may be a tenth of a second later: fetches gather (decision 0636)
    batch: projectionBatch(deps.settings),
    // A deal not known yet is its booking-created a moment behind: retried after 1 s, not the
    // catalog's 30 s (decision 0527).
    policy: { retry: { retriableDelaysMs: deps.settings.dealEventRetryDelays } },
    readers: notificationsBookingReaders,
    handlers: {
      [TOPIC.bookingCreated]: async (p, ctx) => {
        const parties = transitionFrom.created(p);
        if (parties.agentUserId === null || parties.investorUserId === null)
          ctx.log.warn(
            {
              dealId: parties.dealId,
              agent: parties.agentUserId !== null,
              investor: parties.investorUserId !== null,
            },
            "booking-created without a deal party: that party is not notified (decision 0303)",
          );
        await rememberParticipants(ctx.tx, parties, ctx.clock.now());
        return "applied";
      },
      [TOPIC.bookingConfirmed]: notify(transitionFrom.confirmed),
      [TOPIC.bookingPaid]: notify(transitionFrom.paid),
      [TOPIC.bookingExpired]: notify(transitionFrom.expired),
      [TOPIC.bookingCancelled]: notify(transitionFrom.cancelled),
      [TOPIC.dealSaleStarted]: notify(transitionFrom.saleStarted),
    },
  });
}
