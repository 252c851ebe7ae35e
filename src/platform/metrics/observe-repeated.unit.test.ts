import { describe, expect, it, vi } from "vitest";
import { observeRepeated } from "./observe-repeated.js";
import { createMetricsRegistry, histogram } from "./registry.js";

const BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];

function pair() {
  const a = createMetricsRegistry();
  const b = createMetricsRegistry();
  return {
    a,
    b,
    ha: histogram(a, "x_ms", "x", ["group", "topic"], BUCKETS),
    hb: histogram(b, "x_ms", "x", ["group", "topic"], BUCKETS),
  };
}

describe("observeRepeated (decision 0214)", () => {
  it("leaves the histogram exactly as the same number of observe calls", async () => {
    const { a, b, ha, hb } = pair();
    const cases: Array<[Record<"group" | "topic", string>, number, number]> = [
      [{ group: "g", topic: "t1" }, 17.3, 1000],
      [{ group: "g", topic: "t1" }, 0.1 + 0.2, 7],
      [{ topic: "t2", group: "g" }, 5, 3],
      [{ group: "g", topic: "t2" }, 4_000, 250],
      [{ group: "h", topic: "t1" }, 1, 1],
      [{ group: "h", topic: "t1" }, 2.5, 0],
    ];
    for (const [labels, value, times] of cases) {
      observeRepeated(ha, labels, value, times);
      for (let i = 0; i < times; i++) hb.observe(labels, value);
    }
    expect(await a.getMetricsAsJSON()).toEqual(await b.getMetricsAsJSON());
    expect(await a.metrics()).toBe(await b.metrics());
  });

  it("calls prom-client once per series, not once per observation", () => {
    const { ha } = pair();
    const observe = vi.spyOn(ha, "observe");
    observeRepeated(ha, { group: "g", topic: "t" }, 3, 1000);
    observeRepeated(ha, { group: "g", topic: "t" }, 30, 1000);
    expect(observe).toHaveBeenCalledTimes(2);
  });

  it("still refuses what observe refuses", () => {
    const { ha } = pair();
    expect(() => observeRepeated(ha, { group: "g", topic: "t" }, Number.NaN, 5)).toThrow();
    expect(() =>
      observeRepeated(ha, { group: "g", nope: "x" } as unknown as Record<"group" | "topic", string>, 1, 5),
    ).toThrow();
  });
});
