import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { createBookingExpirationWorker } from "./booking-expiration.worker.js";
import { createHoldExpirationWorker } from "./hold-expiration.worker.js";

export interface WorkerDeps extends Infra {
  readonly settings: Settings;
}

export interface Worker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every periodic worker the `workers` role runs (the outbox relay is started by the event
 * platform). Adding a worker = one file in src/workers exporting a factory, plus one line here.
 */
export const WORKERS: ReadonlyArray<(deps: WorkerDeps) => Worker> = [
  function bookingExpiration(deps) {
    const worker = createBookingExpirationWorker(deps);
    return { start: async () => worker.start(), stop: () => worker.stop() };
  },
  function holdExpiration(deps) {
    return createHoldExpirationWorker(deps);
  },
];
