import { expireDisplayOverrides } from "../domain/catalog/overrides/expire-display-overrides.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { counter } from "../platform/metrics/registry.js";
import { createPeriodicWorker, type PeriodicWorker } from "../platform/workers/periodic-worker.js";

const MS_PER_SECOND = 1_000;
const BATCH_SIZE = 200;
export const DISPLAY_OVERRIDE_EXPIRY_WORKER = "catalog-display-override-expiry";

export interface DisplayOverrideExpiryDeps extends Infra {
  readonly settings: Pick<Settings, "catalogOverrideExpiryCycleSeconds">;
}

/**
 * catalog display overrides past their expires_at: deleted and their cards recomputed (effective
 * values, visibility, aggregates), batch after batch until one comes back short.
 * catalog_display_overrides_expired_total{target} counts them.
 */
export function createDisplayOverrideExpiryWorker(deps: DisplayOverrideExpiryDeps): PeriodicWorker<number> {
  const expired = counter(
    deps.metrics,
    "catalog_display_overrides_expired_total",
    "Display overrides removed by the expiry worker",
    ["target"],
  );
  const log = deps.log.child({ worker: DISPLAY_OVERRIDE_EXPIRY_WORKER });

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await expireDisplayOverrides(deps.db, deps.clock.now(), BATCH_SIZE);
      expired.inc({ target: "project" }, batch.projects);
      expired.inc({ target: "building" }, batch.buildings);
      expired.inc({ target: "property_object" }, batch.propertyObjects);
      const n = batch.projects + batch.buildings + batch.propertyObjects;
      if (n > 0) log.info({ ...batch }, "expired display overrides removed, cards recomputed");
      total += n;
      if (Math.max(batch.projects, batch.buildings, batch.propertyObjects) < BATCH_SIZE) return total;
    }
  }

  return createPeriodicWorker({
    name: DISPLAY_OVERRIDE_EXPIRY_WORKER,
    every: deps.settings.catalogOverrideExpiryCycleSeconds * MS_PER_SECOND,
    runOnce,
    log: deps.log,
    metrics: deps.metrics,
  });
}
