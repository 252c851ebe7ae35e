-- Admin projection rebuilds (POST /api/admin/v1/projections/rebuild): one row per request, the ids
-- to recompute and the progress. A chunk of ids is recomputed and `processed` advanced in one
-- transaction holding the row lock (FOR UPDATE SKIP LOCKED), so a crash resumes where it stopped
-- and two workers never run the same chunk.
CREATE TABLE "catalog"."projection_rebuild_jobs" (
    "id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "ids" UUID[] NOT NULL,
    "total" INTEGER NOT NULL,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "not_found" INTEGER NOT NULL DEFAULT 0,
    "lots_changed" INTEGER NOT NULL DEFAULT 0,
    "projects_changed" INTEGER NOT NULL DEFAULT 0,
    "requested_by" UUID NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "projection_rebuild_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "projection_rebuild_jobs_status_check" CHECK ("status" IN ('Queued', 'Running', 'Done', 'Failed'))
);

CREATE INDEX "projection_rebuild_jobs_open_idx" ON "catalog"."projection_rebuild_jobs"("created_at") WHERE "status" IN ('Queued', 'Running');
