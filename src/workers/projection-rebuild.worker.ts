import {
  failRebuildJob,
  oldestOpenRebuildJob,
  runRebuildChunk,
} from "../domain/catalog/rebuild/projection-rebuild-jobs.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { counter } from "../platform/metrics/registry.js";
import { createPeriodicWorker, type PeriodicWorker } from "../platform/workers/periodic-worker.js";
import type { Activity } from "../platform/workers/quiet-cadence.js";
import { createRebuildProgress } from "./rebuild-progress.js";

const MS_PER_SECOND = 1_000;
export const PROJECTION_REBUILD_WORKER = "catalog-projection-rebuild";

export interface ProjectionRebuildWorkerDeps extends Infra {
  readonly settings: Pick<
    Settings,
    "workerQuietCycleMs" | "catalogRebuildCycleSeconds" | "catalogRebuildChunkSize"
  >;
  /** Signs of activity: the quiet cadence (decision 0614) */
  readonly activity?: Activity;
}

/**
 * Advances queued projection rebuilds (admin, large id lists) chunk by chunk until none is open.
 * A chunk that fails marks its job Failed with the reason (the next chunk would fail the same way);
 * the admin re-requests after fixing the cause. catalog_projection_rebuild_ids_total counts ids;
 * a long job logs a progress line (cards done of total, rate) at most every 5 s.
 */
export function createProjectionRebuildWorker(deps: ProjectionRebuildWorkerDeps): PeriodicWorker<number> {
  const idsDone = counter(
    deps.metrics,
    "catalog_projection_rebuild_ids_total",
    "Card ids recomputed by rebuilds",
  );
  const log = deps.log.child({ worker: PROJECTION_REBUILD_WORKER });
  const now = () => deps.clock.now();
  const progress = createRebuildProgress(log);

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const job = await oldestOpenRebuildJob(deps.db);
      if (!job) return total;
      const jobId = job.id;
      progress.taken(job);
      let chunk: Awaited<ReturnType<typeof runRebuildChunk>>;
      try {
        chunk = await runRebuildChunk(deps.db, {
          chunkSize: deps.settings.catalogRebuildChunkSize,
          now,
          jobId,
        });
      } catch (error) {
        await failRebuildJob(deps.db, jobId, String((error as Error).message), now());
        log.error({ err: error, jobId }, "projection rebuild failed");
        throw error;
      }
      if (!chunk) continue;
      idsDone.inc(chunk.ids);
      progress.chunk(chunk);
      total += chunk.ids;
      if (chunk.done) log.info({ jobId }, "projection rebuild finished");
    }
  }

  return createPeriodicWorker({
    name: PROJECTION_REBUILD_WORKER,
    every: deps.settings.catalogRebuildCycleSeconds * MS_PER_SECOND,
    runOnce,
    log: deps.log,
    metrics: deps.metrics,
    ...(deps.activity ? { quiet: { every: deps.settings.workerQuietCycleMs, activity: deps.activity } } : {}),
  });
}
