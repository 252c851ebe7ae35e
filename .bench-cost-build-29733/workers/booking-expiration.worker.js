import { countOverdueReserves } from "../domain/crm/booking/claim-due-bookings.js";
import { expireOverdueBatch } from "../domain/crm/booking/expire-overdue-bookings.js";
import { createCrmMetrics } from "../domain/crm/crm.metrics.js";
import { createPeriodicWorker } from "../platform/workers/periodic-worker.js";
const MS_PER_SECOND = 1e3;
const BOOKING_EXPIRATION_WORKER = "booking-expiration";
function createBookingExpirationWorker(deps) {
  const log = deps.log.child({ worker: BOOKING_EXPIRATION_WORKER });
  const metrics = createCrmMetrics(deps.metrics);
  const batchSize = deps.settings.bookingExpirationBatchSize;
  async function runOnce() {
    const endTimer = metrics.expirationCycleDuration.startTimer();
    const failed = [];
    let expired = 0;
    try {
      for (; ; ) {
        const batch = await expireOverdueBatch({ ...deps, log, metrics }, batchSize, failed);
        expired += batch.expired;
        failed.push(...batch.failedIds);
        if (batch.claimed < batchSize) break;
      }
      metrics.stuckInReserved.set(await countOverdueReserves(deps.db, deps.clock.now()));
    } finally {
      endTimer();
    }
    if (expired > 0 || failed.length > 0)
      log.info({ expired, failed: failed.length }, "expiration cycle done");
    return { expired, failed: failed.length };
  }
  return createPeriodicWorker({
    name: BOOKING_EXPIRATION_WORKER,
    every: deps.settings.bookingExpirationCycleSeconds * MS_PER_SECOND,
    runOnce,
    items: (cycle) => cycle.expired,
    log: deps.log,
    metrics: deps.metrics
  });
}
export {
  BOOKING_EXPIRATION_WORKER,
  createBookingExpirationWorker
};
//# sourceMappingURL=booking-expiration.worker.js.map
