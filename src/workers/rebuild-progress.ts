import type { ChunkResult, OpenRebuildJob } from "../domain/catalog/rebuild/projection-rebuild-jobs.js";
import type { Logger } from "../platform/log/logger.js";
import { type Progress, type ProgressTiming, startProgress } from "../platform/log/progress.js";

/**
 * Progress lines of queued projection rebuilds (decision 0421): one progress per job, started
 * when the worker takes the job, over the cards it still had to rebuild then (a job resumed after
 * a restart counts from there), ticked once per chunk.
 */
export function createRebuildProgress(log: Logger, timing?: ProgressTiming) {
  let current: { jobId: string; progress: Progress } | undefined;
  return {
    taken(job: OpenRebuildJob): void {
      if (current?.jobId === job.id) return;
      current?.progress.done();
      current = {
        jobId: job.id,
        progress: startProgress(log.child({ jobId: job.id }), {
          what: "projection rebuild",
          unit: "cards",
          total: job.total - job.processed,
          ...timing,
        }),
      };
    },
    chunk(chunk: ChunkResult): void {
      if (current?.jobId !== chunk.jobId) return;
      current.progress.tick(chunk.ids);
      if (!chunk.done) return;
      current.progress.done();
      current = undefined;
    },
  };
}
