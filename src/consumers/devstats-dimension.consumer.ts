import {
  type DevstatsDimensionPayload,
  devstatsDimensionReader,
} from "../contracts/readers/chessboard-replica-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { DEVSTATS_ERROR, devstatsErrors } from "../domain/devstats/devstats.errors.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { DimensionRow } from "../domain/devstats/funnel.js";
import { dimensionRowOf } from "../domain/devstats/funnel.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import { ClickHouseUnavailableError } from "../platform/clickhouse/clickhouse.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type SinkWriter,
  sinkScope,
} from "../platform/events/consumer/definition.js";

/** What the dimension reads (decision 0300). */
export interface DimensionTopics {
  readonly [TOPIC.propertyObjectUpserted]: DevstatsDimensionPayload;
}

export const DEVSTATS_DIMENSION_GROUP = "pin-devstats-dim-property-object";

/**
 * chessboard's property-object-upserted → pin_dev_stats.dim_property_object (the hierarchy path
 * as of the event's UpdatedAt), a batch handler on a ClickHouse sink scope: one insert per batch.
 * Append-only: readers take argMax by (UpsertedAt, Version), so a redelivery or a DLQ replay of an
 * old event never becomes the latest path. A malformed payload → DLQ (DEVSTATS_PAYLOAD_INVALID).
 */
export function devStatsDimensionConsumer(
  devstats: DevStats,
): ConsumerDefinition<DimensionTopics, SinkWriter<DimensionRow>> {
  return defineConsumer<DimensionTopics, SinkWriter<DimensionRow>>({
    group: DEVSTATS_DIMENSION_GROUP,
    expectedContractVersion: 1,
    ordering: {
      // Order-free writes (uniqState(BookingId) / argMax by UpsertedAt): no parked-key check (0212).
      keyOrder: "irrelevant",
      // Nothing durable before the insert and no reads of its own writes: the next batch of a
      // partition is prepared while this one is inserted (decision 0217).
      batchFlow: "pipelined",
    },
    policy: {
      nonRetriableCodes: [DEVSTATS_ERROR.payloadInvalid],
      classifyError: (error) => (error instanceof ClickHouseUnavailableError ? "infrastructure" : undefined),
    },
    topics: [TOPIC.propertyObjectUpserted],
    readers: { [TOPIC.propertyObjectUpserted]: devstatsDimensionReader },
    scope: sinkScope(asBatchSink(devstats.ingest.newDimensionSink)),
    batch: { maxMessages: devstats.settings.devStatsBatchRows, flushMs: devstats.settings.devStatsBatchMs },
    async handleBatch(messages, ctx) {
      const rows: DimensionRow[] = [];
      for (const m of messages) {
        const row = dimensionRowOf(m.payload, m.envelope.metadata.createdAt);
        if (!row.ok) throw devstatsErrors.payloadInvalid(row.reason); // isolated by bisection, then DLQ
        rows.push(row.value);
      }
      ctx.tx.write(rows);
    },
  });
}
