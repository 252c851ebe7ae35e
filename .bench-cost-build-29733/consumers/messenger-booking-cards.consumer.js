import {
  messengerBookingReaders
} from "../contracts/readers/booking-readers.js";
import {
  messengerReplicaReaders
} from "../contracts/readers/chessboard-replica-readers.js";
import { bookingFactFrom } from "../domain/messenger/cards/booking-fact.js";
import { writeBookingCard } from "../domain/messenger/cards/write-booking-card.js";
import {
  applyPropertyObjectPriceChanged,
  applyPropertyObjectUpserted
} from "../domain/messenger/replica/property-object-replica.js";
import {
  defineConsumer
} from "../platform/events/consumer/definition.js";
import { postgresScope } from "../platform/events/consumer/scope.js";
import { TOPIC } from "../platform/events/topics.js";
import { counter } from "../platform/metrics/registry.js";
const MESSENGER_BOOKING_CARDS_GROUP = "pin-messenger-booking-cards";
const CONTRACT_VERSION = 1;
function messengerBookingCardsConsumer(deps) {
  const cards = counter(deps.metrics, "messenger_cards_written_total", "System cards written to deal chats", [
    "kind"
  ]);
  function card(factOf) {
    return async (payload, ctx) => {
      const fact = factOf(payload);
      if (fact.type === "created" && (fact.agentUserId === null || fact.investorUserId === null))
        ctx.log.warn(
          {
            dealId: fact.dealId,
            bookingId: fact.bookingId,
            agent: fact.agentUserId !== null,
            investor: fact.investorUserId !== null
          },
          "booking-created without a deal party: the chat opens with the members it names (decision 0303)"
        );
      const written = await writeBookingCard(ctx.tx, fact, {
        clock: ctx.clock,
        sourceMessageId: ctx.envelope.metadata.messageId,
        correlationId: ctx.envelope.metadata.correlationId
      });
      if (!written) return "skipped";
      cards.inc({ kind: written.card.kind });
      ctx.log.debug(
        {
          dealId: fact.dealId,
          bookingId: fact.bookingId,
          card: written.card.kind,
          messageId: written.id.toString()
        },
        "deal chat card written"
      );
      return "applied";
    };
  }
  return defineConsumer({
    group: MESSENGER_BOOKING_CARDS_GROUP,
    expectedContractVersion: CONTRACT_VERSION,
    // Dedup by construction (decision 0590): the chat ON CONFLICT DO NOTHING, a card unique per
    // source message id (its event and the chat's last message only for the inserted row), the
    // replica version-guarded.
    scope: postgresScope({ marks: false }),
    // A deal not known yet is its booking-created a moment behind: retried after 1 s, not the
    // catalog's 30 s (decision 0527).
    policy: { retry: { retriableDelaysMs: deps.settings.dealEventRetryDelays } },
    readers: { ...messengerBookingReaders, ...messengerReplicaReaders },
    handlers: {
      [TOPIC.bookingCreated]: card(bookingFactFrom.created),
      [TOPIC.bookingPaid]: card(bookingFactFrom.paid),
      [TOPIC.bookingExpired]: card(bookingFactFrom.expired),
      [TOPIC.propertyObjectUpserted]: async (p, ctx) => await applyPropertyObjectUpserted(ctx.tx, p, ctx.clock.now()) > 0 ? "applied" : "skipped-stale",
      [TOPIC.propertyObjectPriceChanged]: async (p, ctx) => await applyPropertyObjectPriceChanged(ctx.tx, p, ctx.clock.now()) > 0 ? "applied" : "skipped-stale"
    }
  });
}
export {
  MESSENGER_BOOKING_CARDS_GROUP,
  messengerBookingCardsConsumer
};
//# sourceMappingURL=messenger-booking-cards.consumer.js.map
