import { type ChessboardBookingPayloads, chessboardReaders } from "../contracts/readers/booking-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../domain/chessboard/chessboard.errors.js";
import { applyBookingEvent } from "../domain/chessboard/status/apply-booking-event.js";
import { type BookingEvent, bookingEventFrom } from "../domain/chessboard/status/booking-event.js";
import {
  classifyHoldMismatch,
  holdMismatchCounter,
  holdMismatchStage,
} from "../domain/chessboard/status/hold-mismatch.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import {
  type ConsumerDefinition,
  DEFAULT_RETRY_POLICY,
  defineConsumer,
  type EventHandler,
  type HandlerContext,
  type HandlerResult,
} from "../platform/events/consumer/definition.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";

export const CHESSBOARD_BOOKING_STATUS_GROUP = "pin-chessboard-crm-property-object-status";
const METRICS_PREFIX = "chessboard_crm_property_object_status";
const CONTRACT_VERSION = 1;

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
): ConsumerDefinition<ChessboardBookingPayloads> {
  const holdMismatches = counter(
    deps.metrics,
    "chessboard_crm_hold_mismatch_total",
    "Messages refused by the hold guard INV-CHS-003, once per message and stage (retrying, dead-lettered)",
    ["stage"],
  );
  const retries = DEFAULT_RETRY_POLICY.retriableDelaysMs.length;
  const countMismatch = holdMismatchCounter((stage) => holdMismatches.inc({ stage }));

  function handle<P>(map: (payload: P) => BookingEvent): EventHandler<P> {
    return async (payload: P, ctx: HandlerContext): Promise<HandlerResult> => {
      const event = map(payload);
      try {
        const result = await applyBookingEvent(ctx.tx, event, {
          clock: ctx.clock,
          cause: {
            correlationId: ctx.envelope.metadata.correlationId,
            causationId: ctx.envelope.metadata.messageId,
          },
        });
        ctx.log.info(
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
          // Count messages, not attempts: one `retrying` when first parked, one `dead-lettered`.
          const stage = holdMismatchStage(ctx.attempt, retries, error.retriable);
          countMismatch(ctx.envelope.metadata.messageId, stage);
          const fields = { err: error, attempt: ctx.attempt, stage, ...error.details };
          if (stage === "dead-lettered") ctx.log.error(fields, "hold mismatch dead-lettered (INV-CHS-003)");
          else ctx.log.warn(fields, "hold mismatch, retrying (INV-CHS-003)");
        }
        throw error;
      }
    };
  }

  return defineConsumer<ChessboardBookingPayloads>({
    group: CHESSBOARD_BOOKING_STATUS_GROUP,
    metricsPrefix: METRICS_PREFIX,
    expectedContractVersion: CONTRACT_VERSION,
    readers: chessboardReaders,
    handlers: {
      [TOPIC.bookingCreated]: handle(bookingEventFrom.created),
      [TOPIC.bookingConfirmed]: handle(bookingEventFrom.confirmed),
      [TOPIC.bookingExtended]: handle(bookingEventFrom.extended),
      [TOPIC.bookingExpired]: handle(bookingEventFrom.expired),
      [TOPIC.bookingCancelled]: handle(bookingEventFrom.cancelled),
      [TOPIC.dealSaleStarted]: handle(bookingEventFrom.saleStarted),
    },
    nonRetriableCodes: [CHESSBOARD_ERROR.tenantMismatch],
    classifyError: classifyHoldMismatch,
  });
}
