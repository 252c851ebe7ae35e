import {
  type FunnelDealSaleStarted,
  funnelDealSaleStartedReader,
} from "../contracts/readers/booking-readers.js";
import { TOPIC } from "../contracts/topics.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { FunnelDealRow } from "../domain/devstats/funnel.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type SinkWriter,
  sinkScope,
} from "../platform/events/consumer/definition.js";
import { funnelStageResults, funnelStageRuntimeOptions } from "./devstats-funnel-stage.js";

export const DEVSTATS_FUNNEL_DEAL_GROUP = "dev-stats-funnel-crm-deal";
export const DEVSTATS_FUNNEL_DEAL_DLQ = "pin.dev-stats.funnel-crm-deal-dlq.v1";

/** What the Deals stage reads of deal-sale-started (decision 0350). */
export interface FunnelDealTopics {
  readonly [TOPIC.dealSaleStarted]: FunnelDealSaleStarted;
}

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
): ConsumerDefinition<FunnelDealTopics, SinkWriter<FunnelDealRow>> {
  const { ingest } = devstats;
  return defineConsumer<FunnelDealTopics, SinkWriter<FunnelDealRow>>({
    group: DEVSTATS_FUNNEL_DEAL_GROUP,
    dlqTopic: DEVSTATS_FUNNEL_DEAL_DLQ,
    expectedContractVersion: 1,
    topics: [TOPIC.dealSaleStarted],
    readers: { [TOPIC.dealSaleStarted]: funnelDealSaleStartedReader },
    scope: sinkScope(asBatchSink(ingest.newDealSink)),
    ...funnelStageRuntimeOptions(devstats, { invalidPayload: "skip" }),
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
