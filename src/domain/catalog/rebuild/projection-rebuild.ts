import type { Db } from "../../../platform/db/prisma-client.js";
import type { Logger } from "../../../platform/log/logger.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { invalidRebuild } from "../catalog.errors.js";
import type { RebuildJobView } from "../catalog.read-models.js";
import { insertRebuildJob, readRebuildJob, runRebuildChunk } from "./projection-rebuild-jobs.js";

/** One request may name this many cards; more is several requests (or a replay). */
export const REBUILD_IDS_MAX = 100_000;

export interface ProjectionRebuildDeps {
  readonly db: Db;
  readonly log: Logger;
  readonly now: () => Date;
  readonly chunkSize: number;
}

/**
 * The admin rebuild (REST and GraphQL share it). A list that fits one chunk is recomputed before
 * the answer (status Done); a longer one is queued and the projection-rebuild worker advances it
 * chunk by chunk — its progress (processed/total) is readable while it runs (decision 0094).
 */
export function createProjectionRebuild({ db, log, now, chunkSize }: ProjectionRebuildDeps) {
  return {
    async request(ids: readonly string[], requestedBy: string): Promise<RebuildJobView> {
      if (ids.length === 0) throw invalidRebuild("ids must not be empty");
      if (ids.length > REBUILD_IDS_MAX) throw invalidRebuild(`at most ${REBUILD_IDS_MAX} ids per request`);
      const bad = ids.find((id) => !isUuid(id));
      if (bad !== undefined) throw invalidRebuild(`not a UUID: ${bad.slice(0, 40)}`);
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      const jobId = await insertRebuildJob(db, unique, requestedBy, now());
      log.info({ jobId, ids: unique.length, requestedBy }, "projection rebuild requested");
      if (unique.length <= chunkSize) await runRebuildChunk(db, { chunkSize, now, jobId });
      const job = await readRebuildJob(db, jobId);
      if (!job) throw new Error(`rebuild job ${jobId} vanished`);
      return job;
    },
  };
}

export type ProjectionRebuild = ReturnType<typeof createProjectionRebuild>;
