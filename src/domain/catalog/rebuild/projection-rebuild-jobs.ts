/**
 * Projection rebuild (admin): recompute effective fields, visibility and aggregates of the given
 * cards from their stored SourceSnapshot and the live overrides — the event is never needed again.
 * A request becomes a job row; `runRebuildChunk` advances one job by one chunk of ids in one
 * transaction (the job row stays locked meanwhile, FOR UPDATE SKIP LOCKED), so progress is exact,
 * a crash resumes at the next chunk and concurrent workers never repeat a chunk.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../../platform/db/prisma-client.js";
import { recomputeCards } from "../cards/recompute-cards.js";
import type { RebuildJobStatus, RebuildJobView } from "../catalog.read-models.js";

interface JobRow {
  id: string;
  status: RebuildJobStatus;
  total: number;
  processed: number;
  not_found: number;
  lots_changed: number;
  projects_changed: number;
  requested_by: string;
  created_at: Date;
  finished_at: Date | null;
  error: string | null;
}

function jobFromRow(r: JobRow): RebuildJobView {
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
    error: r.error,
  };
}

export async function readRebuildJob(db: Db, id: string): Promise<RebuildJobView | null> {
  const [row] = await db.$queryRaw<JobRow[]>`
    SELECT id::text, status, total, processed, not_found, lots_changed, projects_changed,
           requested_by::text, created_at, finished_at, error
    FROM catalog.projection_rebuild_jobs WHERE id = ${id}::uuid`;
  return row ? jobFromRow(row) : null;
}

export async function insertRebuildJob(
  db: Db,
  ids: readonly string[],
  requestedBy: string,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.$executeRaw`
    INSERT INTO catalog.projection_rebuild_jobs (id, status, ids, total, requested_by, created_at)
    VALUES (${id}::uuid, 'Queued', ${[...ids]}::uuid[], ${ids.length}, ${requestedBy}::uuid, ${now})`;
  return id;
}

export interface ChunkResult {
  readonly jobId: string;
  readonly ids: number;
  readonly done: boolean;
}

/**
 * One chunk of one open job (the given one, else the oldest unlocked): classify the ids (project
 * card, lot card, unknown), recompute, advance the progress. Null when there is nothing to do.
 */
export async function runRebuildChunk(
  db: Db,
  options: { readonly chunkSize: number; readonly now: () => Date; readonly jobId?: string },
): Promise<ChunkResult | null> {
  return db.$transaction(
    async (tx) => {
      const [job] = options.jobId
        ? await tx.$queryRaw<Array<{ id: string; ids: string[]; processed: number; total: number }>>`
            SELECT id::text, ids::text[] AS ids, processed, total FROM catalog.projection_rebuild_jobs
            WHERE id = ${options.jobId}::uuid AND status IN ('Queued', 'Running') FOR UPDATE`
        : await tx.$queryRaw<Array<{ id: string; ids: string[]; processed: number; total: number }>>`
            SELECT id::text, ids::text[] AS ids, processed, total FROM catalog.projection_rebuild_jobs
            WHERE status IN ('Queued', 'Running') ORDER BY created_at
            LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!job) return null;
      const now = options.now();
      const slice = job.ids.slice(job.processed, job.processed + options.chunkSize);
      const projects = await tx.$queryRaw<Array<{ id: string }>>`
        SELECT id::text FROM catalog.project_cards WHERE id = ANY(${slice}::uuid[])`;
      const lots = await tx.$queryRaw<Array<{ id: string }>>`
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
    { timeout: REBUILD_CHUNK_TIMEOUT_MS },
  );
}

/** A chunk of projects may hold tens of thousands of lots (a cascade of 10k lots is ~seconds). */
const REBUILD_CHUNK_TIMEOUT_MS = 120_000;

export interface OpenRebuildJob {
  readonly id: string;
  /** ids done so far of `total`, as read (a concurrent worker may be past it) */
  readonly processed: number;
  readonly total: number;
}

/** The job a worker advances next (oldest open); several workers may pick the same one — its row lock serialises the chunks. */
export async function oldestOpenRebuildJob(db: Db): Promise<OpenRebuildJob | null> {
  const [row] = await db.$queryRaw<OpenRebuildJob[]>`
    SELECT id::text, processed, total FROM catalog.projection_rebuild_jobs WHERE status IN ('Queued', 'Running')
    ORDER BY created_at LIMIT 1`;
  return row ?? null;
}

export async function failRebuildJob(db: Db, jobId: string, error: string, now: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE catalog.projection_rebuild_jobs SET status = 'Failed', error = ${error.slice(0, 1000)}, finished_at = ${now}
    WHERE id = ${jobId}::uuid AND status IN ('Queued', 'Running')`;
}
