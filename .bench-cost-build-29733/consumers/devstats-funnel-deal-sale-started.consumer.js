import {
  funnelDealSaleStartedReader
} from "../contracts/readers/booking-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import {
  defineConsumer,
  sinkScope
} from "../platform/events/consumer/definition.js";
import { funnelStageResults, funnelStageRuntimeOptions } from "./devstats-funnel-stage.js";
const DEVSTATS_FUNNEL_DEAL_GROUP = "dev-stats-funnel-crm-deal";
const DEVSTATS_FUNNEL_DEAL_DLQ = "pin.dev-stats.funnel-crm-deal-dlq.v1";
function devStatsFunnelDealSaleStartedConsumer(devstats) {
  const { ingest } = devstats;
  return defineConsumer({
    group: DEVSTATS_FUNNEL_DEAL_GROUP,
    dlqTopic: DEVSTATS_FUNNEL_DEAL_DLQ,
    expectedContractVersion: 1,
    topics: [TOPIC.dealSaleStarted],
    readers: { [TOPIC.dealSaleStarted]: funnelDealSaleStartedReader },
    scope: sinkScope(asBatchSink(ingest.newDealSink)),
    ...funnelStageRuntimeOptions(devstats, { invalidPayload: "skip" }),
    async handleBatch(messages, ctx) {
      const { outcomes, rows } = await ingest.prepareDeals(
        messages.map((m) => ({ messageId: m.envelope.metadata.messageId, payload: m.payload }))
      );
      const results = funnelStageResults(devstats, messages, outcomes, ctx.log);
      ctx.tx.write(rows);
      return results;
    }
  });
}
export {
  DEVSTATS_FUNNEL_DEAL_DLQ,
  DEVSTATS_FUNNEL_DEAL_GROUP,
  devStatsFunnelDealSaleStartedConsumer
};
//# sourceMappingURL=devstats-funnel-deal-sale-started.consumer.js.map
