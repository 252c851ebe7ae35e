import { devstatsErrors } from "../domain/devstats/devstats.errors.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import { ClickHouseUnavailableError } from "../platform/clickhouse/clickhouse.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type HandlerContext,
  type HandlerResult,
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";

export const DEVSTATS_FUNNEL_BOOKING_GROUP = "dev-stats-funnel-crm-booking";

/** Re-enrichment delays: base, 2·base, 4·base, … (N = PIN_DEVSTATS_DIMENSION_RETRIES). */
export function dimensionRetryDelays(retries: number, baseMs: number): number[] {
  return Array.from({ length: retries }, (_, i) => baseMs * 2 ** i);
}

/**
 * DevStatsFunnelBookingCreatedConsumer: pin.crm.booking-created.v1 → funnel_daily.Bookings.
 * The work is in createFunnelIngest (batch-shaped); this file only adapts it to the runtime:
 * - a late dimension throws DEVSTATS_DIMENSION_NOT_FOUND (retriable: parked, re-enriched with
 *   backoff, DLQ after N attempts → dimension-gap metric/alert);
 * - tenant mismatch, invalid payload, flag off → acknowledged as skipped (own metrics + warning);
 * - ClickHouse unreachable → infrastructure: nothing committed, the partition backs off and comes
 *   back to the message; uniqState(BookingId) keeps the catch-up free of double counting.
 * The per-message runtime inserts one row per event; with the batched runtime (handleBatch)
 * the same ingest.handleBatch receives the whole batch.
 */
export function devStatsFunnelBookingCreatedConsumer(devstats: DevStats): ConsumerDefinition {
  const { ingest, metrics, settings } = devstats;
  return defineConsumer({
    group: DEVSTATS_FUNNEL_BOOKING_GROUP,
    metricsPrefix: "devstats_funnel_booking",
    expectedContractVersion: 1,
    invalidPayload: "skip",
    retry: {
      retriableDelaysMs: dimensionRetryDelays(
        settings.devStatsDimensionRetries,
        settings.devStatsDimensionRetryMs,
      ),
    },
    classifyError: (error) => (error instanceof ClickHouseUnavailableError ? "infrastructure" : undefined),
    handlers: {
      [TOPIC.bookingCreated]: async (payload: unknown, ctx: HandlerContext): Promise<HandlerResult> => {
        const [outcome] = await ingest.handleBatch([{ messageId: ctx.envelope.metadata.messageId, payload }]);
        switch (outcome?.kind) {
          case "applied":
            return "applied";
          case "late-dimension":
            if (ctx.attempt > settings.devStatsDimensionRetries) {
              metrics.dimensionGap.inc();
              ctx.log.error(
                { propertyObjectId: outcome.propertyObjectId, attempts: ctx.attempt, alert: "dimension-gap" },
                "dimension never arrived: dead-lettering (backfill dim_property_object, then replay from the DLQ)",
              );
            }
            throw devstatsErrors.dimensionNotFound(outcome.propertyObjectId);
          default:
            return "skipped";
        }
      },
    },
  });
}
