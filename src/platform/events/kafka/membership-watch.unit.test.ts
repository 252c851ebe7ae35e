import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  fakeConsumer,
  joinEvent,
  superviseConsumer,
} from "../../../../test/support/fixtures/kafka-consumer.js";
import { createMemoryLogger } from "../../log/logger.js";
import { createMetricsRegistry } from "../../metrics/registry.js";
import { classifyKafkaError } from "./kafka-errors.js";
import { type MembershipStall, MembershipStalledError, watchMembership } from "./membership-watch.js";

const SILENT_MS = 80_000;

describe("membership watch (decision 0533): judged by what the broker confirmed, never by a resolved heartbeat()", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("nothing confirmed for silentMs fires once (a runner stuck where nothing fails and nothing is logged)", () => {
    const stalls: MembershipStall[] = [];
    const watch = watchMembership({ silentMs: SILENT_MS, onStall: (s) => stalls.push(s) });
    vi.advanceTimersByTime(SILENT_MS - 1);
    watch.check();
    expect(stalls).toEqual([]);
    vi.advanceTimersByTime(1);
    watch.check();
    vi.advanceTimersByTime(SILENT_MS);
    watch.check();
    expect(stalls).toEqual([{ forMs: SILENT_MS }]);
    expect(new MembershipStalledError(stalls[0] as MembershipStall).message).toBe(
      "no heartbeat, join or commit confirmed for 80 s: the consumer no longer serves its group",
    );
  });

  it("a confirmation (heartbeat answered, commit accepted, join) restarts the count", () => {
    const stalls: MembershipStall[] = [];
    const watch = watchMembership({ silentMs: SILENT_MS, onStall: (s) => stalls.push(s) });
    for (let round = 0; round < 20; round += 1) {
      vi.advanceTimersByTime(SILENT_MS - 1);
      watch.check();
      watch.confirmed();
    }
    expect(stalls).toEqual([]);
  });

  it('is a broker condition, not a bug: classified not-ready (a warning and kind="not-ready" in the restart counter)', () => {
    const error = new MembershipStalledError({ forMs: SILENT_MS });
    expect(classifyKafkaError(error)).toEqual({ kind: "not-ready", reason: "MembershipStalledError" });
  });
});

function supervisedFakes() {
  const { logger, entries } = createMemoryLogger();
  const metrics = createMetricsRegistry();
  const made: ReturnType<typeof fakeConsumer>[] = [];
  const supervised = superviseConsumer({
    name: "pin-catalog-chessboard-sync",
    log: logger,
    metrics,
    broker: { connected: true },
    membership: { silentMs: SILENT_MS },
    create: () => {
      const c = fakeConsumer();
      made.push(c);
      return c;
    },
    setUp: async (kc) => {
      setImmediate(() =>
        (kc as ReturnType<typeof fakeConsumer>).emitter.emit("consumer.group_join", joinEvent),
      );
    },
  });
  return { supervised, made, entries, metrics };
}

describe("supervised consumer with a membership watch (decision 0533)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a silent consumer (joined, then no event at all) is replaced after silentMs, counted as not-ready; one whose heartbeats are answered never is — however many heartbeat() calls fail in between", async () => {
    const silent = supervisedFakes();
    const healthy = supervisedFakes();
    const started = Promise.all([silent.supervised.start(), healthy.supervised.start()]);
    await vi.advanceTimersByTimeAsync(0);
    await started;
    for (let t = 0; t < 5 * 60_000; t += 2_000) {
      healthy.made.at(-1)?.emitter.emit("consumer.heartbeat", { payload: {} });
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(healthy.made).toHaveLength(1);
    // 300 s: replaced at ~80 s, then every ~80 s + the backoff (its fresh consumers join, then stay silent)
    expect(silent.made.length).toBeGreaterThanOrEqual(3);
    expect(silent.made[0]?.disconnects).toBe(1);
    const failure = silent.entries.find(
      (e) => e.msg === "kafka consumer failed; a fresh one follows after a pause",
    );
    expect(failure?.reason).toBe("MembershipStalledError");
    const counted = await silent.metrics.getSingleMetricAsString("pin_kafka_consumer_restarts_total");
    expect(counted).toContain('runner="pin-catalog-chessboard-sync",kind="not-ready"');
    await Promise.all([silent.supervised.stop(), healthy.supervised.stop()]);
  });
});
