import { chessboardBookingStatusConsumer } from "../../../src/consumers/chessboard-booking-status.consumer.js";
import type { ConsumerDeps } from "../../../src/consumers/index.js";
import type { Clock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import type { AnyConsumerDefinition } from "../../../src/platform/events/consumer/definition.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createConsumerRig } from "../../support/consumer-rig.js";

/**
 * A consumer (by default chessboard's booking-status consumer) driven through the platform's real message processor (dedup,
 * contract validation, error classes, parking, DLQ) over a real database, without a broker:
 * the test decides the delivery order, which is exactly what cross-topic reordering needs.
 */
export function createConsumerHarness(
  db: Db,
  clock: Clock,
  factory: (deps: ConsumerDeps) => AnyConsumerDefinition = chessboardBookingStatusConsumer,
) {
  const metrics = createMetricsRegistry();
  const { logger, entries } = createMemoryLogger();
  const settings = loadSettings({ NODE_ENV: "test" });
  const def = factory({ log: logger, clock, metrics, settings, devstats: null });
  const { processor, dlq, parkedRows } = createConsumerRig(def, db, {
    clock,
    log: logger,
    registry: metrics,
  });

  /** When each parked message is retried next (the retry schedule's first delay after a first failure). */
  async function parkedRetryTimes(): Promise<Date[]> {
    const rows = await db.$queryRaw<Array<{ at: Date }>>`
      SELECT next_attempt_at AS at FROM platform.parked_messages WHERE group_id = ${def.group} ORDER BY id`;
    return rows.map((r) => r.at);
  }

  return {
    def,
    dlq,
    parkedRetryTimes,
    logs: entries,
    metrics,
    /** Deliver one message fresh from the transport; returns the processing result. */
    async deliver(message: InboundMessage): Promise<string> {
      const outcome = await processor.process(message);
      if (outcome.kind === "infrastructure") throw outcome.error;
      return outcome.result;
    },
    /** Deliver several messages as one batch of one partition (one transaction, as a member does). */
    async deliverBatch(messages: readonly InboundMessage[]): Promise<void> {
      const outcome = await processor.processBatch(messages);
      if (outcome.kind === "infrastructure") throw outcome.error;
    },
    /** Retry every parked message once (as the parked scanner does when their time comes). */
    async retryParked(): Promise<string[]> {
      const results: string[] = [];
      for (const row of await parkedRows()) {
        const outcome = await processor.retryParked(row);
        if (outcome.kind === "infrastructure") throw outcome.error;
        results.push(outcome.result);
      }
      return results;
    },
    parkedRows,
    async metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
      const metric = metrics.getSingleMetric(name);
      if (!metric) return 0;
      const { values } = await metric.get();
      return values
        .filter((v) =>
          Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l),
        )
        .reduce((sum, v) => sum + v.value, 0);
    },
  };
}
