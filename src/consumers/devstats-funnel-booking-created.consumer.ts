import {
  type FunnelBookingCreated,
  funnelBookingCreatedReader,
} from "../contracts/readers/booking-readers.js";
import { TOPIC } from "../contracts/topics.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { FunnelBookingRow } from "../domain/devstats/funnel.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type SinkWriter,
  sinkScope,
} from "../platform/events/consumer/definition.js";
import { funnelStageResults, funnelStageRuntimeOptions } from "./devstats-funnel-stage.js";

export const DEVSTATS_FUNNEL_BOOKING_GROUP = "dev-stats-funnel-crm-booking";
export const DEVSTATS_FUNNEL_BOOKING_DLQ = "pin.dev-stats.funnel-crm-booking-dlq.v1";

/** What the funnel reads: booking-created's four fields of the spec's table (decision 0300). */
export interface FunnelTopics {
  readonly [TOPIC.bookingCreated]: FunnelBookingCreated;
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
  const { ingest } = devstats;
  return defineConsumer<FunnelTopics, SinkWriter<FunnelBookingRow>>({
    group: DEVSTATS_FUNNEL_BOOKING_GROUP,
    dlqTopic: DEVSTATS_FUNNEL_BOOKING_DLQ,
    expectedContractVersion: 1,
    topics: [TOPIC.bookingCreated],
    readers: { [TOPIC.bookingCreated]: funnelBookingCreatedReader },
    scope: sinkScope(asBatchSink(ingest.newSink)),
    ...funnelStageRuntimeOptions(devstats, { invalidPayload: "skip" }),
    async handleBatch(messages, ctx) {
      const { outcomes, rows } = await ingest.prepare(
        messages.map((m) => ({ messageId: m.envelope.metadata.messageId, payload: m.payload })),
      );
      const results = funnelStageResults(devstats, messages, outcomes, ctx.log);
      ctx.tx.write(rows);
      return results;
    },
  });
}
