import { expect, it } from "vitest";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createPeriodicWorker } from "../../../src/platform/workers/periodic-worker.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { enqueueItems, itemsSuite, itemTopic } from "./harness.js";

// Decision 0614: a queue-draining worker slows to its quiet cycle once nothing happened for a
// while, and the event platform's commit signals (an outbox insert by anyone) bring it back.
const QUIET_EVERY_MS = 10 * 60_000;
const WOKEN_WITHIN_MS = 10_000;

describeWithService(["postgres"], "periodic workers' quiet cadence (commit signals as activity)", () => {
  const suite = itemsSuite("local", "workers_quiet_cadence");

  it("a quiet worker sleeps its quiet cycle and an outbox commit brings its next cycle at once", async () => {
    const p = suite.put();
    const activity = p.platform.activity;
    if (!activity) throw new Error("commit signals are on in tests: the platform has an activity");
    let cycles = 0;
    const worker = createPeriodicWorker({
      name: "test-quiet-drain",
      every: 50,
      jitter: 0,
      runOnce: async () => {
        cycles += 1;
        return 0;
      },
      log: createMemoryLogger().logger,
      metrics: p.metrics,
      quiet: { every: QUIET_EVERY_MS, activity, after: 300 },
    });
    await worker.start();
    try {
      await eventually(async () => activity.listening(), { what: "the commit-signal connection" });
      // quiet after 300 ms without activity: then no cycle for the quiet cycle's 10 minutes
      await new Promise((r) => setTimeout(r, 1_500));
      const quietAt = cycles;
      await new Promise((r) => setTimeout(r, 1_000));
      expect(cycles).toBe(quietAt);
      await enqueueItems(suite.db.prisma, itemTopic(), [{ Key: "wake", Seq: 1 }], p.clock);
      await eventually(async () => cycles, {
        until: (n) => n > quietAt,
        what: "a cycle after the outbox commit",
        timeoutMs: WOKEN_WITHIN_MS,
      });
    } finally {
      await worker.stop();
    }
  });
});
