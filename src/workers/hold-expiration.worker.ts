import { releaseOverdueHolds } from "../domain/chessboard/status/release-overdue-holds.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { counter } from "../platform/metrics/registry.js";
import { createPeriodicWorker, type PeriodicWorker } from "../platform/workers/periodic-worker.js";

const MS_PER_SECOND = 1_000;
export const HOLD_EXPIRATION_WORKER = "chessboard-hold-expiration";

export interface HoldExpirationWorkerDeps extends Infra {
  readonly settings: Pick<
    Settings,
    "holdExpirationGraceMinutes" | "holdExpirationCycleSeconds" | "holdExpirationBatchSize"
  >;
}

export type HoldExpirationWorker = PeriodicWorker<number>;

/**
 * chessboard/property-object-hold-expiration: frees holds still present a grace period after
 * ReservedUntil/BookedUntil — each one is a lost release event, so each logs a warning and counts
 * in chessboard_property_object_hold_expiration_items_total (≈ 0 in a healthy system).
 * A cycle releases batch after batch (one transaction each) until one comes back short.
 */
export function createHoldExpirationWorker(deps: HoldExpirationWorkerDeps): HoldExpirationWorker {
  const released = counter(
    deps.metrics,
    "chessboard_property_object_hold_expiration_items_total",
    "Holds released by the safety worker (each is a lost release event)",
    ["phase"],
  );
  const log = deps.log.child({ worker: HOLD_EXPIRATION_WORKER });
  const { holdExpirationGraceMinutes: graceMinutes, holdExpirationBatchSize: batchSize } = deps.settings;

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await releaseOverdueHolds(deps.db, deps.clock, { graceMinutes, batchSize });
      for (const item of batch) {
        released.inc({ phase: item.phase });
        log.warn(
          { ...item, overdueSince: item.overdueSince.toISOString(), graceMinutes },
          "hold released by the safety worker: the booking's release event was lost",
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
    metrics: deps.metrics,
  });
}
