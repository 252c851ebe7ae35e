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

describe("createPollLoop: early wake-ups", () => {
  it("nudge() ends an idle sleep, and a nudge during a pass skips the sleep after it", async () => {
    let passes = 0;
    let release: () => void = () => {};
    let inPass: () => void = () => {};
    const entered = new Promise<void>((r) => {
      inPass = r;
    });
    const loop = createPollLoop({
      idleMs: LONG_MS,
      pass: async () => {
        passes += 1;
        if (passes === 2) {
          // the second pass is held open: a nudge arrives while it works
          inPass();
          await new Promise<void>((r) => {
            release = r;
          });
        }
        return "idle";
      },
      onFailure: () => 1,
    });
    loop.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(1); // asleep for LONG_MS
    loop.nudge();
    await entered;
    loop.nudge(); // during pass 2
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(3); // no sleep after pass 2: the commit it may have missed is read
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(3); // then asleep again
    await loop.stop();
  });

  it("nudge() does not shorten a failure backoff", async () => {
    let passes = 0;
    const loop = createPollLoop({
      idleMs: LONG_MS,
      pass: async () => {
        passes += 1;
        return "failed";
      },
      onFailure: () => LONG_MS,
    });
    loop.start();
    await new Promise((r) => setTimeout(r, 20));
    loop.nudge();
    loop.nudge();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(1);
    await loop.stop();
  });

  it("rearm() ends an idle sleep and sleeps again for the new length, without a pass", async () => {
    let passes = 0;
    let sleepMs = LONG_MS;
    const asked: number[] = [];
    const loop = createPollLoop({
      idleMs: () => {
        asked.push(sleepMs);
        return sleepMs;
      },
      pass: async () => {
        passes += 1;
        return "idle";
      },
      onFailure: () => 1,
    });
    loop.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(1);
    sleepMs = LONG_MS / 2;
    loop.rearm();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(1); // no pass: asleep again, for the new length
    expect(asked).toEqual([LONG_MS, LONG_MS / 2]);
    sleepMs = 1;
    loop.rearm();
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBeGreaterThanOrEqual(2); // the short sleep ended: a pass ran
    await loop.stop();
  });
});
