import { isUuid } from "../../../platform/validation/ids.js";
import { invalidRebuild } from "../catalog.errors.js";
import { insertRebuildJob, readRebuildJob, runRebuildChunk } from "./projection-rebuild-jobs.js";
const REBUILD_IDS_MAX = 1e5;
function createProjectionRebuild({ db, log, now, chunkSize }) {
  return {
    async request(ids, requestedBy) {
      if (ids.length === 0) throw invalidRebuild("ids must not be empty");
      if (ids.length > REBUILD_IDS_MAX) throw invalidRebuild(`at most ${REBUILD_IDS_MAX} ids per request`);
      const bad = ids.find((id) => !isUuid(id));
      if (bad !== void 0) throw invalidRebuild(`not a UUID: ${bad.slice(0, 40)}`);
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      const jobId = await insertRebuildJob(db, unique, requestedBy, now());
      log.info({ jobId, ids: unique.length, requestedBy }, "projection rebuild requested");
      if (unique.length <= chunkSize) await runRebuildChunk(db, { chunkSize, now, jobId });
      const job = await readRebuildJob(db, jobId);
      if (!job) throw new Error(`rebuild job ${jobId} vanished`);
      return job;
    }
  };
}
export {
  REBUILD_IDS_MAX,
  createProjectionRebuild
};
//# sourceMappingURL=projection-rebuild.js.map
