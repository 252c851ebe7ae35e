import { releaseOverdueHolds } from "../domain/chessboard/status/release-overdue-holds.js";
import { counter } from "../platform/metrics/registry.js";
import { createPeriodicWorker } from "../platform/workers/periodic-worker.js";
const MS_PER_SECOND = 1e3;
const HOLD_EXPIRATION_WORKER = "chessboard-hold-expiration";
function createHoldExpirationWorker(deps) {
  const released = counter(
    deps.metrics,
    "chessboard_property_object_hold_expiration_items_total",
    "Holds released by the safety worker (each is a lost release event)",
    ["phase"]
  );
  const log = deps.log.child({ worker: HOLD_EXPIRATION_WORKER });
  const { holdExpirationGraceMinutes: graceMinutes, holdExpirationBatchSize: batchSize } = deps.settings;
  async function runOnce() {
    let total = 0;
    for (; ; ) {
      const batch = await releaseOverdueHolds(deps.db, deps.clock, { graceMinutes, batchSize });
      for (const item of batch) {
        released.inc({ phase: item.phase });
        log.warn(
          { ...item, overdueSince: item.overdueSince.toISOString(), graceMinutes },
          "hold released by the safety worker: the booking's release event was lost"
        );
      }
      total += batch.length;
      if (batch.length < batchSize) return total;
    }
  }
  return createPeriodicWorker({
    name: HOLD_EXPIRATION_WORKER,
    every: deps.settings.holdExpirationCycleSeconds * MS_PER_SECOND,
    runOnce,
    log: deps.log,
    metrics: deps.metrics
  });
}
export {
  HOLD_EXPIRATION_WORKER,
  createHoldExpirationWorker
};
//# sourceMappingURL=hold-expiration.worker.js.map
