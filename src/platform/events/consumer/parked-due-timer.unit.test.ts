import { describe, expect, it } from "vitest";
import { ManualClock } from "../../clock/clock.js";
import { createDueTimer } from "./parked-due-timer.js";

const POLL_MS = 30_000;

function timer() {
  const clock = new ManualClock("2026-01-01T00:00:00.000Z");
  const at = (ms: number) => new Date(clock.now().getTime() + ms);
  return { clock, at, due: createDueTimer({ clock, pollMs: () => POLL_MS }) };
}

describe("the parked scanner's due timer (decision 0613)", () => {
  it("sleeps the poll when nothing is parked, else until the earliest retry (a little after)", () => {
    const { due, at } = timer();
    expect(due.sleepMs()).toBe(POLL_MS);
    due.passBegins();
    due.passRead(at(1_000));
    expect(due.sleepMs()).toBeGreaterThanOrEqual(1_000);
    expect(due.sleepMs()).toBeLessThan(1_010);
    due.passBegins();
    due.passRead(at(POLL_MS * 10));
    expect(due.sleepMs()).toBe(POLL_MS);
  });

  it("a hint earlier than the sleep re-arms it; a later one does not", () => {
    const { due, at } = timer();
    due.passBegins();
    due.passRead(at(5_000));
    expect(due.hint(at(10_000))).toBe(false);
    expect(due.hint(at(1_000))).toBe(true);
    expect(due.sleepMs()).toBeLessThan(1_010);
    due.passBegins();
    due.passRead(null);
    expect(due.sleepMs()).toBe(POLL_MS);
  });

  it("a hint given during a pass outlives that pass's read (the park may have committed after it)", () => {
    const { due, at } = timer();
    due.passBegins();
    expect(due.hint(at(1_000))).toBe(true);
    due.passRead(null); // read before the park was visible
    expect(due.sleepMs()).toBeLessThan(1_010);
    due.passBegins(); // the next pass reads the row itself
    due.passRead(null);
    expect(due.sleepMs()).toBe(POLL_MS);
  });

  it("a moment already past sleeps (almost) nothing", () => {
    const { due, at, clock } = timer();
    due.passBegins();
    due.passRead(at(1_000));
    clock.advance(5_000);
    expect(due.sleepMs()).toBeLessThan(10);
  });
});
