import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  fakeConsumer,
  joinEvent,
  superviseConsumer,
} from "../../../../test/support/fixtures/kafka-consumer.js";
import { createMemoryLogger } from "../../log/logger.js";
import { createMetricsRegistry } from "../../metrics/registry.js";
import { type CommitStall, CommitStalledError, watchCommits } from "./commit-watch.js";

const STALL_MS = 15_000;
const notCoordinator = Object.assign(new Error("This is not the correct coordinator for this group"), {
  name: "KafkaJSProtocolError",
  type: "NOT_COORDINATOR",
});

describe("commit watch (decision 0370): a done offset left uncommitted with no rejoin", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires once the first failure of a partition is stallMs old and it was never committed since — the cluster run 4 stall (the stream over, no later message)", () => {
    const stalls: CommitStall[] = [];
    const watch = watchCommits({ stallMs: STALL_MS, onStall: (s) => stalls.push(s) });
    watch.failed("pin.notifications.notification-added.v1:0", notCoordinator);
    vi.advanceTimersByTime(5_000);
    watch.failed("pin.notifications.notification-added.v1:0", notCoordinator);
    watch.failed("pin.notifications.notification-added.v1:3", notCoordinator);
    vi.advanceTimersByTime(STALL_MS - 5_001);
    expect(stalls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(stalls).toHaveLength(1);
    expect(stalls[0]?.partitions).toEqual([
      "pin.notifications.notification-added.v1:0",
      "pin.notifications.notification-added.v1:3",
    ]);
    expect(stalls[0]?.forMs).toBe(STALL_MS);
    const error = new CommitStalledError(stalls[0] as CommitStall);
    expect(error.cause).toBe(notCoordinator);
    expect(error.message).toContain("notification-added.v1:0");
    vi.advanceTimersByTime(STALL_MS * 3);
    expect(stalls).toHaveLength(1);
  });

  it("does not fire when the partition's commit goes through later (a transient failure), nor after a rejoin", () => {
    const stalls: CommitStall[] = [];
    const watch = watchCommits({ stallMs: STALL_MS, onStall: (s) => stalls.push(s) });
    watch.failed("t:0", notCoordinator);
    vi.advanceTimersByTime(STALL_MS - 1);
    watch.committed("t:0");
    vi.advanceTimersByTime(STALL_MS * 2);
    watch.failed("t:1", notCoordinator);
    vi.advanceTimersByTime(1_000);
    watch.reset();
    vi.advanceTimersByTime(STALL_MS * 2);
    expect(stalls).toEqual([]);
  });

  it("a commit of another partition does not clear a stalled one: its offset is still behind", () => {
    const stalls: CommitStall[] = [];
    const watch = watchCommits({ stallMs: STALL_MS, onStall: (s) => stalls.push(s) });
    watch.failed("t:0", notCoordinator);
    vi.advanceTimersByTime(10_000);
    watch.committed("t:1");
    vi.advanceTimersByTime(5_000);
    expect(stalls.map((s) => s.partitions)).toEqual([["t:0"]]);
  });
});

describe("supervised consumer restart (decision 0370)", () => {
  it("restart() replaces a consumer kafkajs still runs: disconnected, counted, a fresh one joins", async () => {
    const { logger, entries } = createMemoryLogger();
    const metrics = createMetricsRegistry();
    const made: ReturnType<typeof fakeConsumer>[] = [];
    let restarts = 0;
    const supervised = superviseConsumer({
      name: "pin-notifications-delivery",
      log: logger,
      metrics,
      broker: { connected: true },
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
      onRestart: () => {
        restarts += 1;
      },
    });
    await supervised.start();
    expect(made).toHaveLength(1);
    expect(supervised.status()).toBe("running");

    supervised.restart(
      new CommitStalledError({ partitions: ["t:0"], forMs: STALL_MS, lastError: notCoordinator }),
    );
    await vi.waitFor(() => expect(made).toHaveLength(2), { timeout: 5_000 });
    await vi.waitFor(() => expect(supervised.status()).toBe("running"), { timeout: 5_000 });
    expect(made[0]?.disconnects).toBe(1);
    expect(restarts).toBe(1);
    expect(supervised.current()).toBe(made[1]);
    const counted = await metrics.getSingleMetricAsString("pin_kafka_consumer_restarts_total");
    expect(counted).toContain('runner="pin-notifications-delivery",kind="not-ready"} 1');
    expect(entries.some((e) => e.msg === "kafka consumer failed; a fresh one follows after a pause")).toBe(
      true,
    );
    await supervised.stop();
    expect(supervised.status()).toBe("stopped");
  });

  it("a consumer whose disconnect never ends does not hold the fresh one back forever", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { logger, entries } = createMemoryLogger();
      const made: ReturnType<typeof fakeConsumer>[] = [];
      const supervised = superviseConsumer({
        name: "g",
        log: logger,
        metrics: createMetricsRegistry(),
        broker: { connected: true },
        create: () => {
          const c = fakeConsumer();
          if (made.length === 0) c.disconnect = () => new Promise(() => {});
          made.push(c);
          return c;
        },
        setUp: async (kc) => {
          setImmediate(() =>
            (kc as ReturnType<typeof fakeConsumer>).emitter.emit("consumer.group_join", joinEvent),
          );
        },
      });
      await supervised.start();
      supervised.restart(new Error("stale"));
      await vi.advanceTimersByTimeAsync(16_000);
      await vi.waitFor(() => expect(made).toHaveLength(2));
      expect(
        entries.some(
          (e) => e.msg === "kafka consumer did not disconnect in time; a fresh one follows anyway",
        ),
      ).toBe(true);
      await supervised.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
