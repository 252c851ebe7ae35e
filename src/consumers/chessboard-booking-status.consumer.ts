import { type ChessboardBookingPayloads, chessboardReaders } from "../contracts/readers/booking-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../domain/chessboard/chessboard.errors.js";
import { lockPropertyObjects } from "../domain/chessboard/property-object/lock-property-object.js";
import { applyBookingEvent } from "../domain/chessboard/status/apply-booking-event.js";
import { type BookingEvent, bookingEventFrom } from "../domain/chessboard/status/booking-event.js";
import {
  classifyHoldMismatch,
  holdMismatchCounter,
  holdMismatchCounts,
} from "../domain/chessboard/status/hold-mismatch.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { RawTx } from "../platform/db/raw-tx.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type EventHandler,
  type HandlerContext,
  type HandlerResult,
  rawPgScope,
} from "../platform/events/consumer/definition.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";

export const CHESSBOARD_BOOKING_STATUS_GROUP = "pin-chessboard-crm-property-object-status";
const CONTRACT_VERSION = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The property object a booking event is about: the wait key of its parked messages. */
function propertyObjectOf(payload: unknown): string | null {
  const id = (payload as { PropertyObjectId?: unknown } | null)?.PropertyObjectId;
  return typeof id === "string" && UUID.test(id) ? id.toLowerCase() : null;
}

export interface ChessboardBookingStatusDeps {
  log: Logger;
  clock: Clock;
  metrics: Registry;
  settings: Settings;
}

/**
 * crm booking events → property object sale status (Reserve / Book / extend / Release / MarkSold).
 * Dedup by MessageId is the platform's; ordering across topics is the pure projection's
 * (decideHoldChange). booking-paid is not consumed: its booking-confirmed carries the transition.
 */
export function chessboardBookingStatusConsumer(
  deps: ChessboardBookingStatusDeps,
): ConsumerDefinition<ChessboardBookingPayloads, RawTx> {
  // Decision 0313: one message is one increment of the total, whatever happens to it later; the
  // dead-lettered ones are a counter of their own, so no label ever splits a message in two.
  const holdMismatches = counter(
    deps.metrics,
    "chessboard_crm_hold_mismatch_total",
    "Messages refused by the hold guard INV-CHS-003, once per message; retriable = whether the first refusal parked it (true) or dead-lettered it at once (false)",
    ["retriable"],
  );
  const holdMismatchesDeadLettered = counter(
    deps.metrics,
    "chessboard_crm_hold_mismatch_dead_lettered_total",
    "Messages dead-lettered as CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH (INV-CHS-003), once per message",
  );
  // A hold held by another booking is usually that booking's release a moment behind on another
  // partition: retried on the crm events' schedule, 1 s first (decision 0530).
  const retryDelaysMs = deps.settings.dealEventRetryDelays;
  const retries = retryDelaysMs.length;
  const countMismatch = holdMismatchCounter((count, retriable) =>
    count === "refused"
      ? holdMismatches.inc({ retriable: retriable ? "true" : "false" })
      : holdMismatchesDeadLettered.inc(),
  );
  function handle<P>(map: (payload: P) => BookingEvent): EventHandler<P, RawTx> {
    return async (payload: P, ctx: HandlerContext<RawTx>): Promise<HandlerResult> => {
      const event = map(payload);
      try {
        const result = await applyBookingEvent(ctx.tx, event, {
          clock: ctx.clock,
          cause: {
            correlationId: ctx.envelope.metadata.correlationId,
            causationId: ctx.envelope.metadata.messageId,
          },
        });
        ctx.log.debug(
          {
            propertyObjectId: event.propertyObjectId,
            bookingId: event.bookingId,
            version: event.version,
            result,
          },
          "booking event applied to property object",
        );
        return result === "applied" ? "applied" : result === "skipped-stale" ? "skipped-stale" : "skipped";
      } catch (error) {
        if (error instanceof HoldMismatchError) {
          // Count messages, not attempts: once in the total, once more if it is dead-lettered.
          const counts = holdMismatchCounts(ctx.attempt, retries, error.retriable);
          countMismatch(ctx.envelope.metadata.messageId, counts, error.retriable);
          const deadLettered = counts.includes("dead-lettered");
          const fields = { err: error, attempt: ctx.attempt, deadLettered, ...error.details };
          if (deadLettered) ctx.log.error(fields, "hold mismatch dead-lettered (INV-CHS-003)");
          else ctx.log.warn(fields, "hold mismatch, parked for a retry (INV-CHS-003)");
        }
        throw error;
      }
    };
  }

  return defineConsumer<ChessboardBookingPayloads, RawTx>({
    group: CHESSBOARD_BOOKING_STATUS_GROUP,
    expectedContractVersion: CONTRACT_VERSION,
    // Off Prisma's interactive transaction (decision 0631): the handler's two statements are SQL.
    scope: rawPgScope(),
    readers: chessboardReaders,
    handlers: {
      [TOPIC.bookingCreated]: handle(bookingEventFrom.created),
      [TOPIC.bookingConfirmed]: handle(bookingEventFrom.confirmed),
      [TOPIC.bookingExtended]: handle(bookingEventFrom.extended),
      [TOPIC.bookingExpired]: handle(bookingEventFrom.expired),
      [TOPIC.bookingCancelled]: handle(bookingEventFrom.cancelled),
      [TOPIC.dealSaleStarted]: handle(bookingEventFrom.saleStarted),
    },
    // Decision 0524: the batch's objects locked first, in id order (no deadlock between members).
    // Also for one object: held outside the handler's savepoint, the lock lasts until a parked
    // message's row commits, so the holder's release cannot re-drive before it is there (0580).
    lockBatch: async (messages, ctx) => {
      const ids = new Set<string>();
      for (const m of messages)
        if (UUID.test(m.payload.PropertyObjectId)) ids.add(m.payload.PropertyObjectId);
      await lockPropertyObjects(ctx.tx, [...ids].sort());
    },
    // Decision 0580: a message parked on the hold guard waits for another booking's event of the
    // same object (another key): the object's events re-drive its parked ones when applied.
    ordering: { waitKey: (_topic, payload) => propertyObjectOf(payload) },
    policy: {
      nonRetriableCodes: [CHESSBOARD_ERROR.tenantMismatch],
      classifyError: classifyHoldMismatch,
      retry: { retriableDelaysMs: retryDelaysMs },
    },
  });
}
