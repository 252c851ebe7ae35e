import { describe, expect, it } from "vitest";
import { TopicPauses } from "./topic-pauses.js";

const doubling = (n: number) => 1_000 * 2 ** (n - 1);

describe("a local consumer's paused topics", () => {
  it("a pause ahead sets the wake; a failure in a row doubles it; a good read starts over", () => {
    const p = new TopicPauses();
    expect(p.wakeInMs(0)).toBe(Number.POSITIVE_INFINITY);
    expect(p.fail("t", 0, doubling)).toEqual({ failures: 1, delayMs: 1_000 });
    expect(p.wakeInMs(0)).toBe(1_000);
    expect(p.fail("t", 1_000, doubling)).toEqual({ failures: 2, delayMs: 2_000 });
    p.recovered("t");
    expect(p.fail("t", 5_000, doubling)).toEqual({ failures: 1, delayMs: 1_000 });
  });

  it("a pause the pass skipped and that ended before the sleep was computed wakes the loop at once, not never", () => {
    const p = new TopicPauses();
    p.fail("t", 0, doubling); // paused until 1,000
    p.beginPass();
    // The timer fired a millisecond early: the pass still finds the topic paused and skips it…
    expect(p.skips("t", 999)).toBe(true);
    // …and by the time the loop computes its sleep the pause is over: wake now (it slept 30 s).
    expect(p.wakeInMs(1_003)).toBe(0);
    // The next pass reads it; nothing skipped, a pause in the past is no reason to wake.
    p.beginPass();
    expect(p.skips("t", 1_004)).toBe(false);
    expect(p.wakeInMs(1_005)).toBe(Number.POSITIVE_INFINITY);
  });
});
