import { countOverdueReserves } from "../domain/crm/booking/claim-due-bookings.js";
import { expireOverdueBatch } from "../domain/crm/booking/expire-overdue-bookings.js";
import { createCrmMetrics } from "../domain/crm/crm.metrics.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { createPeriodicWorker, type PeriodicWorker } from "../platform/workers/periodic-worker.js";

const MS_PER_SECOND = 1000;
export const BOOKING_EXPIRATION_WORKER = "booking-expiration";

export interface BookingExpirationWorkerDeps extends Infra {
  readonly settings: Pick<Settings, "bookingExpirationCycleSeconds" | "bookingExpirationBatchSize">;
}

export interface ExpirationCycle {
  readonly expired: number;
  readonly failed: number;
}

export type BookingExpirationWorker = PeriodicWorker<ExpirationCycle>;

/**
 * The saga's timeout driver (booking-expiration): every cycle it expires all due bookings, batch by
 * batch until one comes back short (failed rows are skipped until the next cycle). Several
 * instances may run: SKIP LOCKED hands each a disjoint set of rows.
 */
export function createBookingExpirationWorker(deps: BookingExpirationWorkerDeps): BookingExpirationWorker {
  const log = deps.log.child({ worker: BOOKING_EXPIRATION_WORKER });
  const metrics = createCrmMetrics(deps.metrics);
  const batchSize = deps.settings.bookingExpirationBatchSize;

  async function runOnce(): Promise<ExpirationCycle> {
    const endTimer = metrics.expirationCycleDuration.startTimer();
    const failed: string[] = [];
    let expired = 0;
    try {
      for (;;) {
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
    metrics: deps.metrics,
  });
}
