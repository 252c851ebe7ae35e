import { describe, expect, it } from "vitest";
import { createRefusedCallers } from "./refused-callers.js";

describe("refused callers (a remembered 'refused until T' per key)", () => {
  it("a remembered key is refused until T with the seconds left, then forgotten", () => {
    let now = 1_000_000;
    const callers = createRefusedCallers({ maxKeys: 10, now: () => now });
    expect(callers.check("anon:10.0.0.1")).toBeNull();
    callers.remember("anon:10.0.0.1", now + 42_500, "rate_anonymous");
    expect(callers.check("anon:10.0.0.1")).toEqual({ reason: "rate_anonymous", retryAfterSeconds: 43 });
    expect(callers.check("anon:10.0.0.2")).toBeNull();
    now += 42_000;
    expect(callers.check("anon:10.0.0.1")).toEqual({ reason: "rate_anonymous", retryAfterSeconds: 1 });
    now += 500;
    expect(callers.check("anon:10.0.0.1")).toBeNull();
    expect(callers.size()).toBe(0);
  });

  it("nothing already past is remembered", () => {
    const callers = createRefusedCallers({ maxKeys: 10, now: () => 5_000 });
    callers.remember("addr:a", 5_000, "rate_address");
    expect(callers.size()).toBe(0);
  });

  it("keeps at most maxKeys: expired entries are swept to make room, live ones are not pushed out", () => {
    let now = 0;
    const callers = createRefusedCallers({ maxKeys: 2, now: () => now });
    callers.remember("a", 10_000, "rate_address");
    callers.remember("b", 60_000, "rate_address");
    callers.remember("c", 60_000, "rate_address");
    expect(callers.size()).toBe(2);
    expect(callers.check("c")).toBeNull();
    now = 20_000; // "a" has expired: the sweep frees its place
    callers.remember("c", 60_000, "rate_address");
    expect(callers.check("c")).not.toBeNull();
    expect(callers.check("b")).not.toBeNull();
    expect(callers.size()).toBe(2);
  });
});
