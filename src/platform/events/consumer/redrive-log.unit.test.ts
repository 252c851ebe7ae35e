import { describe, expect, it } from "vitest";
import { ManualClock } from "../../clock/clock.js";
import type { SqlRunner } from "../../db/sql-runner.js";
import { createMemoryLogger } from "../../log/logger.js";
import { createMetricsRegistry } from "../../metrics/registry.js";
import { createConsumerMetrics } from "./consumer-metrics.js";
import { createRedriveLog, createRedriver } from "./redrive-log.js";

describe("redrive log (decision 0580): the wait keys re-driven while a batch was in flight", () => {
  it("a batch ending gets the keys noted since it began, not before; forgotten once none is in flight", () => {
    const log = createRedriveLog();
    const first = log.begin();
    log.noted(["a"]);
    const second = log.begin();
    log.noted(["b"]);
    log.noted([]);
    expect(log.end(second)).toEqual(["b"]);
    expect(log.end(first).sort()).toEqual(["a", "b"]);
    // nothing in flight: forgotten
    const third = log.begin();
    expect(log.end(third)).toEqual([]);
  });
});

describe("redriver.noting (decision 0631): the re-drive after a run only when it parked something", () => {
  function redriver() {
    const statements: Array<readonly unknown[]> = [];
    const direct: SqlRunner = {
      rows: async () => [],
      execute: async (_text, values) => {
        statements.push(values);
        return 0;
      },
    };
    const r = createRedriver({
      group: "g",
      clock: new ManualClock(new Date("2026-01-01T00:00:00Z")),
      log: createMemoryLogger().logger,
      direct,
      metrics: createConsumerMetrics(createMetricsRegistry()),
      onRedriven: undefined,
    });
    return { r, statements };
  }

  it("a run that parked nothing re-drives nothing, not even the keys it handled itself", async () => {
    const { r, statements } = redriver();
    await r.noting(
      async () => {
        await r.noted(["own"]);
        return "applied";
      },
      (outcome) => outcome === "parked",
    );
    expect(statements).toEqual([]);
  });

  it("a run that parked (or whose outcome is unknown) re-drives the keys handled meanwhile", async () => {
    const { r, statements } = redriver();
    await r.noting(
      async () => {
        await r.noted(["other"]);
        return "parked";
      },
      (outcome) => outcome === "parked",
    );
    await expect(
      r.noting(
        async () => {
          await r.noted(["thrown"]);
          throw new Error("lost");
        },
        () => false,
      ),
    ).rejects.toThrow("lost");
    expect(statements.map((v) => v[1])).toEqual([["other"], ["thrown"]]);
  });
});
