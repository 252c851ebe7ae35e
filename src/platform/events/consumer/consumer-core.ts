import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import type { Registry } from "../../metrics/registry.js";
import type { CommitSignals } from "../commit-signals.js";
import { type ContractRegistry, contractRegistry } from "../contracts/registry.js";
import { createConsumerMetrics } from "./consumer-metrics.js";
import type { SendFn } from "./dead-letter.js";
import { type AnyConsumerDefinition, retryPolicyOf, subscribedTopics } from "./definition.js";
import { createMessageProcessor } from "./message-processor.js";
import { createParkedScanner } from "./parked-scanner.js";

export interface ConsumerCoreDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  contracts?: ContractRegistry;
  /** how the transport writes DLQ copies */
  send: SendFn;
  /** The parked scanner's poll while no commit signal can wake it (decision 0613) */
  parkedScanMs: number;
  /** `pin_parked` wake-ups of the parked scanner (decision 0613) */
  signals?: CommitSignals;
}

/** What every transport's consumer shares: policy, metrics, the message processor, the parked-retry scanner. */
export function createConsumerCore(def: AnyConsumerDefinition, deps: ConsumerCoreDeps) {
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
    onParked: (at) => scanner.dueBy(at),
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
    dedupWindowDays: deps.settings.dedupWindowDays,
  });
  const batch = {
    maxMessages: def.batch?.maxMessages ?? deps.settings.consumerBatchSize,
    flushMs: def.batch?.flushMs ?? deps.settings.consumerFlushMs,
  };
  return { topics: subscribedTopics(def), policy: retryPolicyOf(def), metrics, processor, scanner, batch };
}
