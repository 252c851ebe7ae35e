import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryLogger } from "../log/logger.js";
import { createMetricsRegistry } from "../metrics/registry.js";
import { createPeriodicWorker } from "./periodic-worker.js";
import { type Activity, QUIET_AFTER_MS } from "./quiet-cadence.js";

const EVERY = 1_000;
const QUIET_EVERY = 30_000;

/** Activity a test signals by hand; `listening` as the commit-signal connection would say. */
function handActivity(listening = true) {
  const listeners = new Set<() => void>();
  const activity: Activity = {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => listening,
  };
  const signal = () => {
    for (const l of listeners) l();
  };
  return { activity, signal, listeners };
}

describe("a periodic worker's quiet cadence (decision 0614)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(activity: Activity, found: () => number = () => 0) {
    const runOnce = vi.fn(async () => found());
    const worker = createPeriodicWorker({
      name: "test-drain",
      every: EVERY,
      runOnce,
      jitter: 0,
      log: createMemoryLogger().logger,
      metrics: createMetricsRegistry(),
      quiet: { every: QUIET_EVERY, activity },
      now: () => Date.now(),
    });
    return { worker, runOnce };
  }

  it("keeps its cycle for a minute after start, then slows to the quiet one", async () => {
    const { activity } = handActivity();
    const { worker, runOnce } = setup(activity);
    await worker.start();
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS);
    const fast = runOnce.mock.calls.length;
    expect(fast).toBeGreaterThanOrEqual(QUIET_AFTER_MS / EVERY - 1);
    await vi.advanceTimersByTimeAsync(QUIET_EVERY * 4);
    expect(runOnce.mock.calls.length - fast).toBeLessThanOrEqual(5);
    await worker.stop();
  });

  it("activity during a quiet sleep brings the next cycle back to the fast cadence", async () => {
    const { activity, signal } = handActivity();
    const { worker, runOnce } = setup(activity);
    await worker.start();
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS + QUIET_EVERY * 2);
    const before = runOnce.mock.calls.length;
    signal();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(runOnce.mock.calls.length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(EVERY * 10);
    expect(runOnce.mock.calls.length).toBe(before + 11);
    await worker.stop();
  });

  it("a cycle that finds work keeps the fast cadence; without listening signals it never slows", async () => {
    let work = 1;
    const busy = setup(handActivity().activity, () => work);
    await busy.worker.start();
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS * 3);
    expect(busy.runOnce.mock.calls.length).toBeGreaterThanOrEqual((QUIET_AFTER_MS * 3) / EVERY);
    await busy.worker.stop();
    work = 0;
    const deaf = setup(handActivity(false).activity);
    await deaf.worker.start();
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS * 3);
    expect(deaf.runOnce.mock.calls.length).toBeGreaterThanOrEqual((QUIET_AFTER_MS * 3) / EVERY);
    await deaf.worker.stop();
  });

  it("stop() unsubscribes from the activity", async () => {
    const { activity, listeners } = handActivity();
    const { worker } = setup(activity);
    await worker.start();
    expect(listeners.size).toBe(1);
    await worker.stop();
    expect(listeners.size).toBe(0);
  });
});
