import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import type { PeriodicWorker } from "../platform/workers/periodic-worker.js";
import type { Activity } from "../platform/workers/quiet-cadence.js";
import { createBookingExpirationWorker } from "./booking-expiration.worker.js";
import { createCatalogFacetGroupsWorker } from "./catalog-facet-groups.worker.js";
import { createDisplayOverrideExpiryWorker } from "./display-override-expiry.worker.js";
import { createHoldExpirationWorker } from "./hold-expiration.worker.js";
import { createProjectionRebuildWorker } from "./projection-rebuild.worker.js";
import { createSavedSearchAlertsWorker } from "./saved-search-alerts.worker.js";

export interface WorkerDeps extends Infra {
  readonly settings: Settings;
  /** Commit signals as signs of activity: the queue-draining workers' quiet cadence (decision 0614) */
  readonly activity?: Activity;
}

/**
 * Every periodic worker the `workers` role runs (the outbox relay is started by the event
 * platform). Adding a worker = one file in src/workers whose factory returns
 * `createPeriodicWorker({ name, every, runOnce, … })` (src/platform/workers), plus one line here.
 */
export const WORKERS: ReadonlyArray<(deps: WorkerDeps) => PeriodicWorker<unknown>> = [
  function bookingExpiration(deps) {
    return createBookingExpirationWorker(deps);
  },
  function holdExpiration(deps) {
    return createHoldExpirationWorker(deps);
  },
  function displayOverrideExpiry(deps) {
    return createDisplayOverrideExpiryWorker(deps);
  },
  function projectionRebuild(deps) {
    return createProjectionRebuildWorker(deps);
  },
  function savedSearchAlerts(deps) {
    return createSavedSearchAlertsWorker(deps);
  },
  function catalogFacetGroups(deps) {
    return createCatalogFacetGroupsWorker(deps);
  },
];
