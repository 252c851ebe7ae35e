import { releaseOverdueHolds } from "../domain/chessboard/status/release-overdue-holds.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { Db } from "../platform/db/prisma-client.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";

/** Objects released per transaction; a cycle keeps taking batches until one comes back short. */
export const HOLD_EXPIRATION_BATCH_SIZE = 200;
const SECOND_MS = 1_000;

export interface HoldExpirationWorkerDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  metrics: Registry;
  settings: Pick<Settings, "holdExpirationGraceMinutes" | "holdExpirationCycleSeconds">;
}

/**
 * chessboard/property-object-hold-expiration: frees holds still present a grace period after
 * ReservedUntil/BookedUntil — each one is a lost release event, so each logs a warning and counts
 * in chessboard_property_object_hold_expiration_items_total (≈ 0 in a healthy system).
 */
export function createHoldExpirationWorker(deps: HoldExpirationWorkerDeps) {
  const released = counter(
    deps.metrics,
    "chessboard_property_object_hold_expiration_items_total",
    "Holds released by the safety worker (each is a lost release event)",
    ["phase"],
  );
  const log = deps.log.child({ worker: "chessboard-hold-expiration" });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await releaseOverdueHolds(deps.db, deps.clock, {
        graceMinutes: deps.settings.holdExpirationGraceMinutes,
        batchSize: HOLD_EXPIRATION_BATCH_SIZE,
      });
      for (const item of batch) {
        released.inc({ phase: item.phase });
        log.warn(
          {
            ...item,
            overdueSince: item.overdueSince.toISOString(),
            graceMinutes: deps.settings.holdExpirationGraceMinutes,
          },
          "hold released by the safety worker: the booking's release event was lost",
        );
      }
      total += batch.length;
      if (batch.length < HOLD_EXPIRATION_BATCH_SIZE) return total;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().catch((error: unknown) => {
        log.error({ err: error }, "hold-expiration cycle failed; retrying next cycle");
        return 0;
      });
      void running.finally(() => {
        running = null;
        schedule();
      });
    }, deps.settings.holdExpirationCycleSeconds * SECOND_MS);
  }

  return {
    runOnce,
    async start(): Promise<void> {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Finishes the cycle in flight (its transaction commits or rolls back), then stops. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type HoldExpirationWorker = ReturnType<typeof createHoldExpirationWorker>;
