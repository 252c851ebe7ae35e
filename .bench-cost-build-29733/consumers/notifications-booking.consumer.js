import {
  notificationsBookingReaders
} from "../contracts/readers/booking-readers.js";
import {
  findParticipants,
  rememberParticipants
} from "../domain/notifications/deal-participants.repository.js";
import { addNotifications } from "../domain/notifications/inbox/add-notifications.js";
import { decideNotifications } from "../domain/notifications/notification.decide.js";
import { notificationsErrors } from "../domain/notifications/notifications.errors.js";
import { transitionFrom } from "../domain/notifications/saga-transition.js";
import {
  defineConsumer
} from "../platform/events/consumer/definition.js";
import { postgresScope } from "../platform/events/consumer/scope.js";
import { TOPIC } from "../platform/events/topics.js";
import { counter } from "../platform/metrics/registry.js";
const NOTIFICATIONS_BOOKING_GROUP = "pin-notifications-booking";
const CONTRACT_VERSION = 1;
function notificationsBookingConsumer(deps) {
  const created = counter(deps.metrics, "notifications_created_total", "Notifications added to inboxes", [
    "kind",
    "recipient_kind"
  ]);
  function notify(of) {
    return async (payload, ctx) => {
      const { dealId, bookingId, transition } = of(payload);
      const participants = await findParticipants(ctx.tx, dealId);
      if (!participants) throw notificationsErrors.participantsNotFound(dealId);
      const added = await addNotifications(ctx.tx, decideNotifications(participants, bookingId, transition), {
        clock: ctx.clock,
        sourceMessageId: ctx.envelope.metadata.messageId,
        correlationId: ctx.envelope.metadata.correlationId
      });
      for (const n of added) created.inc({ kind: n.kind, recipient_kind: n.recipientKind });
      ctx.log.debug(
        { dealId, bookingId, transition: transition.type, added: added.length },
        "notifications added"
      );
      return added.length > 0 ? "applied" : "skipped";
    };
  }
  return defineConsumer({
    group: NOTIFICATIONS_BOOKING_GROUP,
    expectedContractVersion: CONTRACT_VERSION,
    // Dedup by construction (decision 0589): participants ON CONFLICT DO NOTHING, a notification
    // unique per (source message id, recipient), its event enqueued only for inserted rows.
    scope: postgresScope({ marks: false }),
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
              investor: parties.investorUserId !== null
            },
            "booking-created without a deal party: that party is not notified (decision 0303)"
          );
        await rememberParticipants(ctx.tx, parties, ctx.clock.now());
        return "applied";
      },
      [TOPIC.bookingConfirmed]: notify(transitionFrom.confirmed),
      [TOPIC.bookingPaid]: notify(transitionFrom.paid),
      [TOPIC.bookingExpired]: notify(transitionFrom.expired),
      [TOPIC.bookingCancelled]: notify(transitionFrom.cancelled),
      [TOPIC.dealSaleStarted]: notify(transitionFrom.saleStarted)
    }
  });
}
export {
  NOTIFICATIONS_BOOKING_GROUP,
  notificationsBookingConsumer
};
//# sourceMappingURL=notifications-booking.consumer.js.map
