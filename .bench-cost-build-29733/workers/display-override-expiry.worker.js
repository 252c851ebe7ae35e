import { expireDisplayOverrides } from "../domain/catalog/overrides/expire-display-overrides.js";
import { counter } from "../platform/metrics/registry.js";
import { createPeriodicWorker } from "../platform/workers/periodic-worker.js";
const MS_PER_SECOND = 1e3;
const BATCH_SIZE = 200;
const DISPLAY_OVERRIDE_EXPIRY_WORKER = "catalog-display-override-expiry";
function createDisplayOverrideExpiryWorker(deps) {
  const expired = counter(
    deps.metrics,
    "catalog_display_overrides_expired_total",
    "Display overrides removed by the expiry worker",
    ["target"]
  );
  const log = deps.log.child({ worker: DISPLAY_OVERRIDE_EXPIRY_WORKER });
  async function runOnce() {
    let total = 0;
    for (; ; ) {
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
    metrics: deps.metrics
  });
}
export {
  DISPLAY_OVERRIDE_EXPIRY_WORKER,
  createDisplayOverrideExpiryWorker
};
//# sourceMappingURL=display-override-expiry.worker.js.map
