import {
  funnelBookingCreatedReader
} from "../contracts/readers/booking-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { asBatchSink } from "../domain/devstats/funnel-sink.js";
import {
  defineConsumer,
  sinkScope
} from "../platform/events/consumer/definition.js";
import { funnelStageResults, funnelStageRuntimeOptions } from "./devstats-funnel-stage.js";
const DEVSTATS_FUNNEL_BOOKING_GROUP = "dev-stats-funnel-crm-booking";
const DEVSTATS_FUNNEL_BOOKING_DLQ = "pin.dev-stats.funnel-crm-booking-dlq.v1";
function devStatsFunnelBookingCreatedConsumer(devstats) {
  const { ingest } = devstats;
  return defineConsumer({
    group: DEVSTATS_FUNNEL_BOOKING_GROUP,
    dlqTopic: DEVSTATS_FUNNEL_BOOKING_DLQ,
    expectedContractVersion: 1,
    topics: [TOPIC.bookingCreated],
    readers: { [TOPIC.bookingCreated]: funnelBookingCreatedReader },
    scope: sinkScope(asBatchSink(ingest.newSink)),
    ...funnelStageRuntimeOptions(devstats, { invalidPayload: "skip" }),
    async handleBatch(messages, ctx) {
      const { outcomes, rows } = await ingest.prepare(
        messages.map((m) => ({ messageId: m.envelope.metadata.messageId, payload: m.payload }))
      );
      const results = funnelStageResults(devstats, messages, outcomes, ctx.log);
      ctx.tx.write(rows);
      return results;
    }
  });
}
export {
  DEVSTATS_FUNNEL_BOOKING_DLQ,
  DEVSTATS_FUNNEL_BOOKING_GROUP,
  devStatsFunnelBookingCreatedConsumer
};
//# sourceMappingURL=devstats-funnel-booking-created.consumer.js.map
