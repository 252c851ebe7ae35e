import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryLogger } from "../log/logger.js";
import { createMetricsRegistry } from "../metrics/registry.js";
import { createPeriodicWorker, jitteredDelay } from "./periodic-worker.js";

const EVERY = 1_000;

async function metricValue(registry: ReturnType<typeof createMetricsRegistry>, name: string, labels: object) {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return value?.value ?? 0;
}

describe("createPeriodicWorker", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(runOnce: () => Promise<number>) {
    const metrics = createMetricsRegistry();
    const { logger, entries } = createMemoryLogger();
    const worker = createPeriodicWorker({
      name: "test-sweep",
      every: EVERY,
      runOnce,
      jitter: 0,
      log: logger,
      metrics,
    });
    return { worker, metrics, entries };
  }

  it("runs the first cycle at start, then one every `every` ms after the previous ended", async () => {
    const runOnce = vi.fn(async () => 2);
    const { worker, metrics } = setup(runOnce);
    await worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runOnce).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EVERY - 1);
    expect(runOnce).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runOnce).toHaveBeenCalledTimes(2);
    await worker.stop();
    expect(
      await metricValue(metrics, "pin_worker_cycles_total", { worker: "test-sweep", result: "ok" }),
    ).toBe(2);
    expect(await metricValue(metrics, "pin_worker_items_total", { worker: "test-sweep" })).toBe(4);
  });

  it("a failed cycle is logged and counted, and the next one still runs", async () => {
    let calls = 0;
    const { worker, metrics, entries } = setup(async () => {
      calls++;
      if (calls === 1) throw new Error("boom");
      return 0;
    });
    await worker.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(calls).toBe(2);
    await worker.stop();
    expect(
      await metricValue(metrics, "pin_worker_cycles_total", { worker: "test-sweep", result: "failed" }),
    ).toBe(1);
    expect(entries.some((e) => e.msg === "worker cycle failed; retrying next cycle")).toBe(true);
  });

  it("graceful stop waits for the cycle in flight and schedules no other", async () => {
    let release!: () => void;
    let finished = false;
    const runOnce = vi.fn(
      () =>
        new Promise<number>((resolve) => {
          release = () => {
            finished = true;
            resolve(1);
          };
        }),
    );
    const { worker } = setup(runOnce);
    await worker.start();
    const stopping = worker.stop();
    let stopped = false;
    void stopping.then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(EVERY * 5);
    expect(runOnce).toHaveBeenCalledTimes(1);
  });
});

describe("jitteredDelay", () => {
  it("stays within every ± jitter·every", () => {
    expect(jitteredDelay(1_000, 0.1, () => 0)).toBe(900);
    expect(jitteredDelay(1_000, 0.1, () => 0.5)).toBe(1_000);
    expect(jitteredDelay(1_000, 0.1, () => 0.999_999)).toBe(1_100);
  });

  it("no jitter is the plain period; an out-of-range jitter is clamped", () => {
    expect(jitteredDelay(1_000, 0, () => 0)).toBe(1_000);
    expect(jitteredDelay(1_000, 5, () => 0)).toBe(0);
  });
});
