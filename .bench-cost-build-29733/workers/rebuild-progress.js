import { startProgress } from "../platform/log/progress.js";
function createRebuildProgress(log, timing) {
  let current;
  return {
    taken(job) {
      if (current?.jobId === job.id) return;
      current?.progress.done();
      current = {
        jobId: job.id,
        progress: startProgress(log.child({ jobId: job.id }), {
          what: "projection rebuild",
          unit: "cards",
          total: job.total - job.processed,
          ...timing
        })
      };
    },
    chunk(chunk) {
      if (current?.jobId !== chunk.jobId) return;
      current.progress.tick(chunk.ids);
      if (!chunk.done) return;
      current.progress.done();
      current = void 0;
    }
  };
}
export {
  createRebuildProgress
};
//# sourceMappingURL=rebuild-progress.js.map
