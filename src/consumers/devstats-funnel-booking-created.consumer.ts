import {
  type FunnelBookingCreated,
  funnelBookingCreatedReader,
} from "../contracts/readers/booking-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { DEVSTATS_ERROR, devstatsErrors } from "../domain/devstats/devstats.errors.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { FunnelBookingRow } from "../domain/devstats/funnel.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import { ClickHouseUnavailableError } from "../platform/clickhouse/clickhouse.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type HandlerResult,
  type SinkWriter,
  sinkScope,
} from "../platform/events/consumer/definition.js";

export const DEVSTATS_FUNNEL_BOOKING_GROUP = "dev-stats-funnel-crm-booking";
export const DEVSTATS_FUNNEL_BOOKING_DLQ = "pin.dev-stats.funnel-crm-booking-dlq.v1";

/** What the funnel reads: booking-created's four fields of the spec's table (decision 0300). */
export interface FunnelTopics {
  readonly [TOPIC.bookingCreated]: FunnelBookingCreated;
}

/** Re-enrichment delays: base, 2·base, 4·base, … (N = PIN_DEVSTATS_DIMENSION_RETRIES). */
export function dimensionRetryDelays(retries: number, baseMs: number): number[] {
  return Array.from({ length: retries }, (_, i) => baseMs * 2 ** i);
}

/**
 * DevStatsFunnelBookingCreatedConsumer: pin.crm.booking-created.v1 → funnel_daily.Bookings, a
 * batch handler on a ClickHouse sink scope. Per batch (≤ PIN_DEVSTATS_BATCH_ROWS messages, or
 * what arrived within PIN_DEVSTATS_BATCH_MS): ingest.prepare validates, enriches with one lookup
 * and applies the tenant guard; the rows go to the sink, whose confirmed insert is the commit;
 * the runtime commits the offset only after it.
 * - a late dimension throws DEVSTATS_DIMENSION_NOT_FOUND: the runtime isolates the message
 *   (bisection), parks it, re-enriches with backoff N times, then DLQ + dimension-gap metric;
 * - tenant mismatch, invalid payload, flag off → "skipped" (own metrics + warning);
 * - ClickHouse unreachable → infrastructure: the batch is rolled back and read again after a
 *   back-off; uniqState(BookingId) keeps the catch-up free of double counting (the sink scope has
 *   no dedup marks of its own).
 */
export function devStatsFunnelBookingCreatedConsumer(
  devstats: DevStats,
): ConsumerDefinition<FunnelTopics, SinkWriter<FunnelBookingRow>> {
  const { ingest, metrics, settings } = devstats;
  return defineConsumer<FunnelTopics, SinkWriter<FunnelBookingRow>>({
    group: DEVSTATS_FUNNEL_BOOKING_GROUP,
    dlqTopic: DEVSTATS_FUNNEL_BOOKING_DLQ,
    metricsPrefix: "devstats_funnel_booking",
    expectedContractVersion: 1,
    // Order-free writes (uniqState(BookingId) / argMax by UpsertedAt): no parked-key check (0212).
    keyOrder: "irrelevant",
    // Nothing durable before the insert and no reads of its own writes: the next batch of a
    // partition is prepared while this one is inserted (decision 0217).
    batchFlow: "pipelined",
    invalidPayload: "skip",
    retriableCodes: [DEVSTATS_ERROR.dimensionNotFound],
    retry: {
      retriableDelaysMs: dimensionRetryDelays(
        settings.devStatsDimensionRetries,
        settings.devStatsDimensionRetryMs,
      ),
    },
    classifyError: (error) => (error instanceof ClickHouseUnavailableError ? "infrastructure" : undefined),
    topics: [TOPIC.bookingCreated],
    readers: { [TOPIC.bookingCreated]: funnelBookingCreatedReader },
    scope: sinkScope(asBatchSink(ingest.newSink)),
    batch: { maxMessages: settings.devStatsBatchRows, flushMs: settings.devStatsBatchMs },
    async handleBatch(messages, ctx): Promise<HandlerResult[]> {
      const { outcomes, rows } = await ingest.prepare(
        messages.map((m) => ({ messageId: m.envelope.metadata.messageId, payload: m.payload })),
      );
      const late = outcomes.findIndex((o) => o.kind === "late-dimension");
      if (late >= 0) {
        const outcome = outcomes[late] as { kind: "late-dimension"; propertyObjectId: string };
        // Only when the runtime has isolated it (a batch of one) is this its real attempt.
        const attempt = messages.length === 1 ? (messages[0]?.attempt ?? 1) : 1;
        if (attempt > settings.devStatsDimensionRetries) {
          metrics.dimensionGap.inc();
          ctx.log.error(
            { propertyObjectId: outcome.propertyObjectId, attempts: attempt, alert: "dimension-gap" },
            "dimension never arrived: dead-lettering (backfill dim_property_object, then replay from the DLQ)",
          );
        }
        throw devstatsErrors.dimensionNotFound(outcome.propertyObjectId);
      }
      ctx.tx.write(rows);
      return outcomes.map((o) => (o.kind === "applied" ? "applied" : "skipped"));
    },
  });
}
