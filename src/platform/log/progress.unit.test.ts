import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "./logger.js";
import { startProgress } from "./progress.js";

describe("startProgress", () => {
  it("logs one info line per interval with count, total and rate; short work logs nothing at info", () => {
    const { logger, entries } = createMemoryLogger();
    let t = 0;
    const progress = startProgress(logger, {
      what: "seed",
      unit: "rows",
      total: 100,
      everyMs: 1000,
      now: () => t,
    });
    for (let i = 0; i < 10; i++) {
      t += 100; // 10 rows in 1 s
      progress.tick();
    }
    t += 500;
    progress.tick(5);
    const info = entries.filter((e) => e.level === 30);
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject({ msg: "seed: 10/100 rows (10/s)", count: 10, total: 100, perSecond: 10 });
    expect(progress.done()).toEqual({ count: 15, ms: 1500 });
    expect(entries.filter((e) => e.level === 30)).toHaveLength(1);
    expect(entries.at(-1)).toMatchObject({ level: 20, msg: "seed: 15/100 rows (10/s), done" });
  });

  it("without a total the line shows the count alone", () => {
    const { logger, entries } = createMemoryLogger();
    let t = 0;
    const progress = startProgress(logger, { what: "replay", unit: "events", everyMs: 10, now: () => t });
    t = 20;
    progress.tick(40);
    expect(entries[0]).toMatchObject({ msg: "replay: 40 events (2000/s)" });
  });
});
