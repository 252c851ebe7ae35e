import {
  type MessengerBookingPayloads,
  messengerBookingReaders,
} from "../contracts/readers/booking-readers.js";
import {
  type MessengerReplicaPayloads,
  messengerReplicaReaders,
} from "../contracts/readers/chessboard-replica-readers.js";
import { type BookingFact, bookingFactFrom } from "../domain/messenger/cards/booking-fact.js";
import { writeBookingCard } from "../domain/messenger/cards/write-booking-card.js";
import {
  applyPropertyObjectPriceChanged,
  applyPropertyObjectUpserted,
} from "../domain/messenger/replica/property-object-replica.js";
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

/** The topics messenger reads: three crm booking events and chessboard's apartments. */
export type MessengerCardsTopics = MessengerBookingPayloads & MessengerReplicaPayloads;

export const MESSENGER_BOOKING_CARDS_GROUP = "pin-messenger-booking-cards";
const CONTRACT_VERSION = 1;

/**
 * crm booking events → system cards in the deal chat (booking created, contract paid, reserve /
 * booking time expired), and chessboard property objects → the replica the cards take their
 * figures from. No dedup mark (decision 0590): a card is unique per source event, the chat and
 * the replica are idempotent writes.
 * A card for a deal whose chat is unknown (booking-created not seen yet) fails with
 * MESSENGER_CHAT_NOT_FOUND: retried (parked behind its key), then DLQ.
 */
export function messengerBookingCardsConsumer(deps: {
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: Pick<Settings, "dealEventRetryDelays" | "consumerBatchSize" | "projectionFlushMs">;
}): ConsumerDefinition<MessengerCardsTopics, RawTx> {
  const cards = counter(deps.metrics, "messenger_cards_written_total", "System cards written to deal chats", [
    "kind",
  ]);

  function card<P>(factOf: (payload: P) => BookingFact) {
    return async (payload: P, ctx: HandlerContext<RawTx>): Promise<HandlerResult> => {
      const fact = factOf(payload);
      if (fact.type === "created" && (fact.agentUserId === null || fact.investorUserId === null))
        ctx.log.warn(
          {
            dealId: fact.dealId,
            bookingId: fact.bookingId,
            agent: fact.agentUserId !== null,
            investor: fact.investorUserId !== null,
          },
          "booking-created without a deal party: the chat opens with the members it names (decision 0303)",
        );
      const written = await writeBookingCard(ctx.tx, fact, {
        clock: ctx.clock,
        sourceMessageId: ctx.envelope.metadata.messageId,
        correlationId: ctx.envelope.metadata.correlationId,
      });
      if (!written) return "skipped";
      cards.inc({ kind: written.card!.kind });
      ctx.log.debug(
        {
          dealId: fact.dealId,
          bookingId: fact.bookingId,
          card: written.card!.kind,
          messageId: written.id.toString(),
        },
        "deal chat card written",
      );
      return "applied";
    };
  }

  return defineConsumer<MessengerCardsTopics, RawTx>({
    group: MESSENGER_BOOKING_CARDS_GROUP,
    expectedContractVersion: CONTRACT_VERSION,
    // Dedup by construction (decision 0590): the chat ON CONFLICT DO NOTHING, a card unique per
    // source message id (its event and the chat's last message only for the inserted row), the
    // replica version-guarded.
    scope: rawPgScope({ marks: false }),
    // A chat card may be a tenth of a second later: fetches gather (decision 0636)
    batch: projectionBatch(deps.settings),
    // A deal not known yet is its booking-created a moment behind: retried after 1 s, not the
    // catalog's 30 s (decision 0527).
    policy: { retry: { retriableDelaysMs: deps.settings.dealEventRetryDelays } },
    readers: { ...messengerBookingReaders, ...messengerReplicaReaders },
    handlers: {
      [TOPIC.bookingCreated]: card(bookingFactFrom.created),
      [TOPIC.bookingPaid]: card(bookingFactFrom.paid),
      [TOPIC.bookingExpired]: card(bookingFactFrom.expired),
      [TOPIC.propertyObjectUpserted]: async (p, ctx) =>
        (await applyPropertyObjectUpserted(ctx.tx, p, ctx.clock.now())) > 0 ? "applied" : "skipped-stale",
      [TOPIC.propertyObjectPriceChanged]: async (p, ctx) =>
        (await applyPropertyObjectPriceChanged(ctx.tx, p, ctx.clock.now())) > 0 ? "applied" : "skipped-stale",
    },
  });
}
