import type { CrmEventByTopic } from "../contracts/crm-booking-events.js";
import { TOPIC } from "../contracts/topics.js";
import { DEVSTATS_ERROR } from "../domain/devstats/devstats.errors.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { FunnelDealRow } from "../domain/devstats/funnel.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import { ClickHouseUnavailableError } from "../platform/clickhouse/clickhouse.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type SinkWriter,
  sinkScope,
} from "../platform/events/consumer/definition.js";
import { dimensionRetryDelays, funnelStageResults } from "./devstats-funnel-stage.js";

export const DEVSTATS_FUNNEL_DEAL_GROUP = "dev-stats-funnel-crm-deal";
export const DEVSTATS_FUNNEL_DEAL_DLQ = "pin.dev-stats.funnel-crm-deal-dlq.v1";

/**
 * DevStatsFunnelDealSaleStartedConsumer: pin.crm.deal-sale-started.v1 → funnel_daily.Deals, the
 * Bookings consumer's twin (decision 0350). Reads four fields — DealId, PropertyObjectId,
 * TenantId, SoldAt (EventDate = its UTC day) — and ignores the rest. Deals = uniqState(DealId) on
 * the path of the deal's property object (dim_property_object, argMax, no FINAL); tenant guard
 * fail-closed; a late dimension is parked and re-enriched, then DLQ + dimension gap; ClickHouse
 * down → infrastructure (nothing committed, the catch-up cannot double count).
 */
export function devStatsFunnelDealSaleStartedConsumer(
  devstats: DevStats,
): ConsumerDefinition<CrmEventByTopic, SinkWriter<FunnelDealRow>> {
  const { ingest, settings } = devstats;
  return defineConsumer<CrmEventByTopic, SinkWriter<FunnelDealRow>>({
    group: DEVSTATS_FUNNEL_DEAL_GROUP,
    dlqTopic: DEVSTATS_FUNNEL_DEAL_DLQ,
    metricsPrefix: "devstats_funnel_deal",
    expectedContractVersion: 1,
    // Order-free writes (uniqState(DealId)): no parked-key check (0212); pipelined (0217).
    keyOrder: "irrelevant",
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
    topics: [TOPIC.dealSaleStarted],
    scope: sinkScope(asBatchSink(ingest.newDealSink)),
    batch: { maxMessages: settings.devStatsBatchRows, flushMs: settings.devStatsBatchMs },
    async handleBatch(messages, ctx) {
      const { outcomes, rows } = await ingest.prepareDeals(
        messages.map((m) => ({ messageId: m.envelope.metadata.messageId, payload: m.payload })),
      );
      const results = funnelStageResults(devstats, messages, outcomes, ctx.log);
      ctx.tx.write(rows);
      return results;
    },
  });
}
