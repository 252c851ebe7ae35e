import type {
  BookingCancelledV1,
  BookingConfirmedV1,
  BookingCreatedV1,
  BookingExpiredV1,
  BookingPaidV1,
  CrmEventByTopic,
  DealSaleStartedV1,
} from "../contracts/crm-booking-events.js";
import {
  findParticipants,
  rememberParticipants,
} from "../domain/notifications/deal-participants.repository.js";
import { addNotifications } from "../domain/notifications/inbox/add-notifications.js";
import { decideNotifications } from "../domain/notifications/notification.decide.js";
import { notificationsErrors } from "../domain/notifications/notifications.errors.js";
import { type TransitionOf, transitionFrom } from "../domain/notifications/saga-transition.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type HandlerContext,
  type HandlerResult,
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";

/** The crm booking events notifications reads (booking-extended has no notification). */
export type NotificationsBookingTopics = Omit<CrmEventByTopic, typeof TOPIC.bookingExtended>;

export const NOTIFICATIONS_BOOKING_GROUP = "pin-notifications-booking";
const METRICS_PREFIX = "notifications_booking";
const CONTRACT_VERSION = 1;

/**
 * crm booking events → notifications in the participants' inboxes. booking-created only records
 * the deal's parties (no notification: the spec names none for it). Dedup by MessageId is the
 * platform's; notifications are also unique per (source event, recipient). A transition of a deal
 * whose booking-created was not seen yet fails with NOTIFICATIONS_DEAL_PARTICIPANTS_NOT_FOUND:
 * retried (parked), then DLQ.
 */
export function notificationsBookingConsumer(deps: {
  readonly log: Logger;
  readonly metrics: Registry;
}): ConsumerDefinition<NotificationsBookingTopics> {
  const created = counter(deps.metrics, "notifications_created_total", "Notifications added to inboxes", [
    "kind",
    "recipient_kind",
  ]);

  function notify<P>(of: (payload: P) => TransitionOf) {
    return async (payload: P, ctx: HandlerContext): Promise<HandlerResult> => {
      const { dealId, bookingId, transition } = of(payload);
      const participants = await findParticipants(ctx.tx, dealId);
      if (!participants) throw notificationsErrors.participantsNotFound(dealId);
      const added = await addNotifications(ctx.tx, decideNotifications(participants, bookingId, transition), {
        clock: ctx.clock,
        sourceMessageId: ctx.envelope.metadata.messageId,
        correlationId: ctx.envelope.metadata.correlationId,
      });
      for (const n of added) created.inc({ kind: n.kind, recipient_kind: n.recipientKind });
      ctx.log.info(
        { dealId, bookingId, transition: transition.type, added: added.length },
        "notifications added",
      );
      return added.length > 0 ? "applied" : "skipped";
    };
  }

  return defineConsumer<NotificationsBookingTopics>({
    group: NOTIFICATIONS_BOOKING_GROUP,
    metricsPrefix: METRICS_PREFIX,
    expectedContractVersion: CONTRACT_VERSION,
    handlers: {
      [TOPIC.bookingCreated]: async (p: BookingCreatedV1, ctx) => {
        await rememberParticipants(ctx.tx, transitionFrom.created(p), ctx.clock.now());
        return "applied";
      },
      [TOPIC.bookingConfirmed]: notify<BookingConfirmedV1>(transitionFrom.confirmed),
      [TOPIC.bookingPaid]: notify<BookingPaidV1>(transitionFrom.paid),
      [TOPIC.bookingExpired]: notify<BookingExpiredV1>(transitionFrom.expired),
      [TOPIC.bookingCancelled]: notify<BookingCancelledV1>(transitionFrom.cancelled),
      [TOPIC.dealSaleStarted]: notify<DealSaleStartedV1>(transitionFrom.saleStarted),
    },
  });
}
