const REBUILD_JOB_STATUSES = ["Queued", "Running", "Done", "Failed"];
export {
  REBUILD_JOB_STATUSES
};
//# sourceMappingURL=catalog.read-models.js.map
