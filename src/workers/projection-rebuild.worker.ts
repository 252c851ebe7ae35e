import {
  failRebuildJob,
  oldestOpenRebuildJob,
  runRebuildChunk,
} from "../domain/catalog/rebuild/projection-rebuild-jobs.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { counter } from "../platform/metrics/registry.js";
import { createPeriodicWorker, type PeriodicWorker } from "../platform/workers/periodic-worker.js";

const MS_PER_SECOND = 1_000;
export const PROJECTION_REBUILD_WORKER = "catalog-projection-rebuild";

export interface ProjectionRebuildWorkerDeps extends Infra {
  readonly settings: Pick<Settings, "catalogRebuildCycleSeconds" | "catalogRebuildChunkSize">;
}

/**
 * Advances queued projection rebuilds (admin, large id lists) chunk by chunk until none is open.
 * A chunk that fails marks its job Failed with the reason (the next chunk would fail the same way);
 * the admin re-requests after fixing the cause. catalog_projection_rebuild_ids_total counts ids.
 */
export function createProjectionRebuildWorker(deps: ProjectionRebuildWorkerDeps): PeriodicWorker<number> {
  const idsDone = counter(
    deps.metrics,
    "catalog_projection_rebuild_ids_total",
    "Card ids recomputed by rebuilds",
  );
  const log = deps.log.child({ worker: PROJECTION_REBUILD_WORKER });
  const now = () => deps.clock.now();

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobId = await oldestOpenRebuildJob(deps.db);
      if (!jobId) return total;
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
  });
}
