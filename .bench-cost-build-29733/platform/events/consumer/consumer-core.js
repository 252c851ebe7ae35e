import { contractRegistry } from "../contracts/registry.js";
import { createConsumerMetrics } from "./consumer-metrics.js";
import { retryPolicyOf, subscribedTopics } from "./definition.js";
import { createMessageProcessor } from "./message-processor.js";
import { createParkedScanner } from "./parked-scanner.js";
function createConsumerCore(def, deps) {
  const metrics = createConsumerMetrics(deps.metrics, def.specMetrics);
  const processor = createMessageProcessor({
    def,
    db: deps.db,
    log: deps.log,
    clock: deps.clock,
    contracts: deps.contracts ?? contractRegistry(),
    metrics,
    send: deps.send,
    // Decision 0580: parked messages made due by a handled message are retried now, not on the timer.
    onRedriven: () => scanner.nudge(),
    // Decision 0613: a message parked here is retried on its own timer, not at the next poll.
    onParked: (at) => scanner.dueBy(at)
  });
  const scanner = createParkedScanner({
    def,
    db: deps.db,
    log: deps.log,
    clock: deps.clock,
    processor,
    intervalMs: deps.parkedScanMs,
    fallbackMs: deps.settings.commitSignalFallbackMs,
    signals: deps.signals,
    dedupWindowDays: deps.settings.dedupWindowDays
  });
  const batch = {
    maxMessages: def.batch?.maxMessages ?? deps.settings.consumerBatchSize,
    flushMs: def.batch?.flushMs ?? deps.settings.consumerFlushMs
  };
  return { topics: subscribedTopics(def), policy: retryPolicyOf(def), metrics, processor, scanner, batch };
}
export {
  createConsumerCore
};
//# sourceMappingURL=consumer-core.js.map
