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

export const DEVSTATS_DIMENSION_GROUP = "pin-devstats-dim-property-object";

/**
 * chessboard's property-object-upserted → pin_dev_stats.dim_property_object (the hierarchy path
 * as of the event's UpdatedAt). Append-only: readers take argMax by (UpsertedAt, Version), so a
 * redelivery or a DLQ replay of an old event never becomes the latest path.
 */
export function devStatsDimensionConsumer(devstats: DevStats): ConsumerDefinition {
  return defineConsumer({
    group: DEVSTATS_DIMENSION_GROUP,
    metricsPrefix: "devstats_dimension",
    expectedContractVersion: 1,
    classifyError: (error) => (error instanceof ClickHouseUnavailableError ? "infrastructure" : undefined),
    handlers: {
      [TOPIC.propertyObjectUpserted]: async (
        payload: unknown,
        ctx: HandlerContext,
      ): Promise<HandlerResult> => {
        const [result] = await devstats.ingest.ingestDimensions([
          { messageId: ctx.envelope.metadata.messageId, payload },
        ]);
        if (result && !result.ok) throw devstatsErrors.payloadInvalid(result.reason);
        return "applied";
      },
    },
  });
}
