import {
  devstatsDimensionReader
} from "../contracts/readers/chessboard-replica-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { DEVSTATS_ERROR, devstatsErrors } from "../domain/devstats/devstats.errors.js";
import { dimensionRowOf } from "../domain/devstats/funnel.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import { ClickHouseUnavailableError } from "../platform/clickhouse/clickhouse.js";
import {
  defineConsumer,
  sinkScope
} from "../platform/events/consumer/definition.js";
const DEVSTATS_DIMENSION_GROUP = "pin-devstats-dim-property-object";
function devStatsDimensionConsumer(devstats) {
  return defineConsumer({
    group: DEVSTATS_DIMENSION_GROUP,
    expectedContractVersion: 1,
    ordering: {
      // Order-free writes (uniqState(BookingId) / argMax by UpsertedAt): no parked-key check (0212).
      keyOrder: "irrelevant",
      // Nothing durable before the insert and no reads of its own writes: the next batch of a
      // partition is prepared while this one is inserted (decision 0217).
      batchFlow: "pipelined"
    },
    policy: {
      nonRetriableCodes: [DEVSTATS_ERROR.payloadInvalid],
      classifyError: (error) => error instanceof ClickHouseUnavailableError ? "infrastructure" : void 0
    },
    topics: [TOPIC.propertyObjectUpserted],
    readers: { [TOPIC.propertyObjectUpserted]: devstatsDimensionReader },
    scope: sinkScope(asBatchSink(devstats.ingest.newDimensionSink)),
    batch: { maxMessages: devstats.settings.devStatsBatchRows, flushMs: devstats.settings.devStatsBatchMs },
    async handleBatch(messages, ctx) {
      const rows = [];
      for (const m of messages) {
        const row = dimensionRowOf(m.payload, m.envelope.metadata.createdAt);
        if (!row.ok) throw devstatsErrors.payloadInvalid(row.reason);
        rows.push(row.value);
      }
      ctx.tx.write(rows);
    }
  });
}
export {
  DEVSTATS_DIMENSION_GROUP,
  devStatsDimensionConsumer
};
//# sourceMappingURL=devstats-dimension.consumer.js.map
