import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../platform/log/logger.js";
import { createRebuildProgress } from "./rebuild-progress.js";

const chunk = (jobId: string, ids: number, done = false) => ({ jobId, ids, done });

describe("createRebuildProgress", () => {
  it("logs the cards rebuilt of the job's total, per job, when the chunks take longer than the interval", () => {
    const { logger, entries } = createMemoryLogger();
    let t = 0;
    const progress = createRebuildProgress(logger, { everyMs: 1000, now: () => t });
    progress.taken({ id: "job-a", processed: 0, total: 250 });
    t += 400;
    progress.chunk(chunk("job-a", 100)); // 0.4 s: too soon for a line
    progress.taken({ id: "job-a", processed: 100, total: 250 }); // the same job: the same progress
    t += 600;
    progress.chunk(chunk("job-a", 100)); // 1 s: a line
    t += 1000;
    progress.chunk(chunk("job-a", 50, true));
    // A job resumed after a restart: 600 of 1000 done before, the line counts what is left.
    progress.taken({ id: "job-b", processed: 600, total: 1000 });
    t += 2000;
    progress.chunk(chunk("job-b", 100));
    const info = entries.filter((e) => e.level === 30);
    expect(info.map((e) => [e.jobId, e.msg])).toEqual([
      ["job-a", "projection rebuild: 200/250 cards (200/s)"],
      ["job-a", "projection rebuild: 250/250 cards (125/s)"],
      ["job-b", "projection rebuild: 100/400 cards (50/s)"],
    ]);
    expect(info.at(-1)).toMatchObject({ count: 100, total: 400 });
  });
});
