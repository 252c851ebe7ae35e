import { countOverdueReserves } from "../domain/crm/booking/claim-due-bookings.js";
import { expireOverdueBatch } from "../domain/crm/booking/expire-overdue-bookings.js";
import { createCrmMetrics } from "../domain/crm/crm.metrics.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { Db } from "../platform/db/prisma-client.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";

const MS_PER_SECOND = 1000;

export interface BookingExpirationWorkerDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: Pick<Settings, "bookingExpirationCycleSeconds" | "bookingExpirationBatchSize">;
}

export interface BookingExpirationWorker {
  start(): void;
  /** Waits for the running cycle to finish (its batch commits or rolls back whole). */
  stop(): Promise<void>;
  /** One full cycle: batches until nothing due is left (failed rows are skipped until the next cycle). */
  runOnce(): Promise<{ expired: number; failed: number }>;
}

/**
 * The saga's timeout driver (booking-expiration): every cycle it expires all due bookings.
 * Several instances may run: SKIP LOCKED hands each a disjoint set of rows.
 */
export function createBookingExpirationWorker(deps: BookingExpirationWorkerDeps): BookingExpirationWorker {
  const log = deps.log.child({ worker: "booking-expiration" });
  const metrics = createCrmMetrics(deps.metrics);
  const batchSize = deps.settings.bookingExpirationBatchSize;
  const cycleMs = deps.settings.bookingExpirationCycleSeconds * MS_PER_SECOND;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function runOnce(): Promise<{ expired: number; failed: number }> {
    const endTimer = metrics.expirationCycleDuration.startTimer();
    const failed: string[] = [];
    let expired = 0;
    try {
      for (;;) {
        const batch = await expireOverdueBatch(
          { db: deps.db, clock: deps.clock, log, metrics },
          batchSize,
          failed,
        );
        expired += batch.expired;
        failed.push(...batch.failedIds);
        if (batch.claimed < batchSize) break;
      }
      const stuck = await countOverdueReserves(deps.db, deps.clock.now());
      metrics.stuckInReserved.set(stuck);
    } finally {
      endTimer();
    }
    if (expired > 0 || failed.length > 0)
      log.info({ expired, failed: failed.length }, "expiration cycle done");
    return { expired, failed: failed.length };
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => log.error({ err: error }, "expiration cycle failed"))
        .finally(() => {
          running = null;
          schedule();
        });
    }, cycleMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      log.info(
        { cycleSeconds: deps.settings.bookingExpirationCycleSeconds, batchSize },
        "booking-expiration started",
      );
      running = runOnce()
        .catch((error: unknown) => log.error({ err: error }, "expiration cycle failed"))
        .finally(() => {
          running = null;
          schedule();
        });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}
