import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../log/logger.js";
import { createMetricsRegistry } from "../metrics/registry.js";
import { type ConsumedByGroup, consumedByGroup, logCatchUp } from "./catch-up-summary.js";
import { createConsumerMetrics } from "./consumer/consumer-metrics.js";

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

describe("consumedByGroup", () => {
  it("reads the shared pin_consumer_consumed_total by group and result, over topics", async () => {
    const registry = createMetricsRegistry();
    const { consumed } = createConsumerMetrics(registry);
    consumed.inc({ group: "a", topic: "t1", result: "applied" }, 3);
    consumed.inc({ group: "a", topic: "t2", result: "applied" }, 2);
    consumed.inc({ group: "b", topic: "t1", result: "skipped-stale" });
    const byGroup = await consumedByGroup(registry);
    expect(byGroup).toEqual(counts({ a: { applied: 5 }, b: { "skipped-stale": 1 } }));
  });
});
