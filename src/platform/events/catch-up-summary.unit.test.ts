import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../log/logger.js";
import { type ConsumedByGroup, logCatchUp } from "./catch-up-summary.js";

const counts = (entries: Record<string, Record<string, number>>): ConsumedByGroup =>
  new Map(Object.entries(entries).map(([group, results]) => [group, new Map(Object.entries(results))]));

describe("logCatchUp", () => {
  it("writes one line for every group that handled events since `before`, with each group's counts", () => {
    const { logger, entries } = createMemoryLogger();
    logCatchUp(
      logger,
      counts({ a: { applied: 5 }, idle: { applied: 3 } }),
      counts({ a: { applied: 15, "skipped-duplicate": 2 }, b: { applied: 4 }, idle: { applied: 3 } }),
      120,
    );
    expect(entries.map((e) => e.msg)).toEqual(["consumers caught up: 16 events in 2 groups"]);
    expect(entries[0]).toMatchObject({
      events: 16,
      groups: { a: { events: 12, applied: 10, "skipped-duplicate": 2 }, b: { events: 4, applied: 4 } },
      ms: 120,
    });
  });

  it("writes nothing when no group handled an event", () => {
    const { logger, entries } = createMemoryLogger();
    logCatchUp(logger, counts({ a: { applied: 1 } }), counts({ a: { applied: 1 } }), 5);
    expect(entries).toEqual([]);
  });
});
