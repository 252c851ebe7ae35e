import {
  failRebuildJob,
  oldestOpenRebuildJob,
  runRebuildChunk
} from "../domain/catalog/rebuild/projection-rebuild-jobs.js";
import { counter } from "../platform/metrics/registry.js";
import { createPeriodicWorker } from "../platform/workers/periodic-worker.js";
import { createRebuildProgress } from "./rebuild-progress.js";
const MS_PER_SECOND = 1e3;
const PROJECTION_REBUILD_WORKER = "catalog-projection-rebuild";
function createProjectionRebuildWorker(deps) {
  const idsDone = counter(
    deps.metrics,
    "catalog_projection_rebuild_ids_total",
    "Card ids recomputed by rebuilds"
  );
  const log = deps.log.child({ worker: PROJECTION_REBUILD_WORKER });
  const now = () => deps.clock.now();
  const progress = createRebuildProgress(log);
  async function runOnce() {
    let total = 0;
    for (; ; ) {
      const job = await oldestOpenRebuildJob(deps.db);
      if (!job) return total;
      const jobId = job.id;
      progress.taken(job);
      let chunk;
      try {
        chunk = await runRebuildChunk(deps.db, {
          chunkSize: deps.settings.catalogRebuildChunkSize,
          now,
          jobId
        });
      } catch (error) {
        await failRebuildJob(deps.db, jobId, String(error.message), now());
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
    ...deps.activity ? { quiet: { every: deps.settings.workerQuietCycleMs, activity: deps.activity } } : {}
  });
}
export {
  PROJECTION_REBUILD_WORKER,
  createProjectionRebuildWorker
};
//# sourceMappingURL=projection-rebuild.worker.js.map
