import { describe, expect, it } from "vitest";
import { createPollLoop, type PassOutcome } from "./poll-loop.js";

const LONG_MS = 60_000;

/** A loop whose passes answer `outcomes` in turn, then "idle" for ever; records what happened. */
function scripted(outcomes: ReadonlyArray<PassOutcome | Error>, idleMs = LONG_MS) {
  const seen: string[] = [];
  let passes = 0;
  let idle: () => void = () => {};
  const reachedIdle = new Promise<void>((resolve) => {
    idle = resolve;
  });
  const loop = createPollLoop({
    idleMs,
    pass: async () => {
      const next = outcomes[passes++];
      if (next === undefined) {
        idle();
        return "idle";
      }
      if (next instanceof Error) throw next;
      return next;
    },
    onFailure: (failures, error) => {
      seen.push(`failed ${failures} ${error instanceof Error ? error.message : "-"}`);
      return 1;
    },
    onRecovered: (failures) => seen.push(`recovered after ${failures}`),
  });
  return { loop, seen, reachedIdle, passes: () => passes };
}

describe("createPollLoop", () => {
  it("runs busy passes back to back and sleeps only when idle", async () => {
    const s = scripted(["busy", "busy", "busy"]);
    s.loop.start();
    await s.reachedIdle;
    expect(s.passes()).toBe(4);
    await s.loop.stop();
  });

  it("counts consecutive failures (thrown or answered), then reports the recovery once", async () => {
    const s = scripted([new Error("db down"), "failed", "busy", "failed"]);
    s.loop.start();
    await s.reachedIdle;
    await s.loop.stop();
    expect(s.seen).toEqual([
      "failed 1 db down",
      "failed 2 -",
      "recovered after 2",
      "failed 1 -",
      "recovered after 1",
    ]);
  });

  it("wake() ends an idle sleep and stop() returns without waiting it out", async () => {
    const s = scripted([]);
    s.loop.start();
    await s.reachedIdle;
    s.loop.wake();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.passes()).toBe(2);
    const started = performance.now();
    await s.loop.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(s.loop.isRunning()).toBe(false);
  });
});
