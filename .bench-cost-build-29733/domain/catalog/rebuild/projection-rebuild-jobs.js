import { randomUUID } from "node:crypto";
import { recomputeCards } from "../cards/recompute-cards.js";
function jobFromRow(r) {
  return {
    id: r.id,
    status: r.status,
    total: r.total,
    processed: r.processed,
    notFound: r.not_found,
    lotsChanged: r.lots_changed,
    projectsChanged: r.projects_changed,
    requestedBy: r.requested_by,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    error: r.error
  };
}
async function readRebuildJob(db, id) {
  const [row] = await db.$queryRaw`
    SELECT id::text, status, total, processed, not_found, lots_changed, projects_changed,
           requested_by::text, created_at, finished_at, error
    FROM catalog.projection_rebuild_jobs WHERE id = ${id}::uuid`;
  return row ? jobFromRow(row) : null;
}
async function insertRebuildJob(db, ids, requestedBy, now) {
  const id = randomUUID();
  await db.$executeRaw`
    INSERT INTO catalog.projection_rebuild_jobs (id, status, ids, total, requested_by, created_at)
    VALUES (${id}::uuid, 'Queued', ${[...ids]}::uuid[], ${ids.length}, ${requestedBy}::uuid, ${now})`;
  return id;
}
async function runRebuildChunk(db, options) {
  return db.$transaction(
    async (tx) => {
      const [job] = options.jobId ? await tx.$queryRaw`
            SELECT id::text, ids::text[] AS ids, processed, total FROM catalog.projection_rebuild_jobs
            WHERE id = ${options.jobId}::uuid AND status IN ('Queued', 'Running') FOR UPDATE` : await tx.$queryRaw`
            SELECT id::text, ids::text[] AS ids, processed, total FROM catalog.projection_rebuild_jobs
            WHERE status IN ('Queued', 'Running') ORDER BY created_at
            LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!job) return null;
      const now = options.now();
      const slice = job.ids.slice(job.processed, job.processed + options.chunkSize);
      const projects = await tx.$queryRaw`
        SELECT id::text FROM catalog.project_cards WHERE id = ANY(${slice}::uuid[])`;
      const lots = await tx.$queryRaw`
        SELECT id::text FROM catalog.property_object_cards WHERE id = ANY(${slice}::uuid[])`;
      const targets = { projectIds: projects.map((p) => p.id), propertyObjectIds: lots.map((l) => l.id) };
      const summary = await recomputeCards(tx, targets, { now, publishedAt: now });
      const notFound = slice.length - projects.length - lots.length;
      const processed = job.processed + slice.length;
      const done = processed >= job.total;
      await tx.$executeRaw`
        UPDATE catalog.projection_rebuild_jobs SET
          status = ${done ? "Done" : "Running"},
          processed = ${processed},
          not_found = not_found + ${notFound},
          lots_changed = lots_changed + ${summary.lotsChanged},
          projects_changed = projects_changed + ${summary.projectsChanged},
          started_at = COALESCE(started_at, ${now}),
          finished_at = ${done ? now : null}
        WHERE id = ${job.id}::uuid`;
      return { jobId: job.id, ids: slice.length, done };
    },
    { timeout: REBUILD_CHUNK_TIMEOUT_MS }
  );
}
const REBUILD_CHUNK_TIMEOUT_MS = 12e4;
async function oldestOpenRebuildJob(db) {
  const [row] = await db.$queryRaw`
    SELECT id::text, processed, total FROM catalog.projection_rebuild_jobs WHERE status IN ('Queued', 'Running')
    ORDER BY created_at LIMIT 1`;
  return row ?? null;
}
async function failRebuildJob(db, jobId, error, now) {
  await db.$executeRaw`
    UPDATE catalog.projection_rebuild_jobs SET status = 'Failed', error = ${error.slice(0, 1e3)}, finished_at = ${now}
    WHERE id = ${jobId}::uuid AND status IN ('Queued', 'Running')`;
}
export {
  failRebuildJob,
  insertRebuildJob,
  oldestOpenRebuildJob,
  readRebuildJob,
  runRebuildChunk
};
//# sourceMappingURL=projection-rebuild-jobs.js.map
