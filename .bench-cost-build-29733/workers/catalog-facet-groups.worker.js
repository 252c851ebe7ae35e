import {
  countDirtyFacetProjects,
  rebuildDirtyFacetGroups
} from "../domain/catalog/storefront/facet-groups.js";
import { counter, gauge } from "../platform/metrics/registry.js";
import { createPeriodicWorker } from "../platform/workers/periodic-worker.js";
const BATCH_SIZE = 50;
const CATALOG_FACET_GROUPS_WORKER = "catalog-facet-groups";
function createCatalogFacetGroupsWorker(deps) {
  const rebuilt = counter(
    deps.metrics,
    "catalog_facet_groups_rebuilt_total",
    "Projects whose facet groups the catalog-facet-groups worker rebuilt"
  );
  const dirty = gauge(
    deps.metrics,
    "catalog_facet_groups_dirty_projects",
    "Projects whose lot cards changed since their facet groups were built (read live until rebuilt)"
  );
  const log = deps.log.child({ worker: CATALOG_FACET_GROUPS_WORKER });
  async function runOnce() {
    let total = 0;
    for (; ; ) {
      const batch = await rebuildDirtyFacetGroups(deps.db, BATCH_SIZE);
      rebuilt.inc(batch.projects);
      total += batch.projects;
      if (batch.projects < BATCH_SIZE) break;
    }
    dirty.set(await countDirtyFacetProjects(deps.db));
    if (total > 0) log.debug({ projects: total }, "facet groups rebuilt");
    return total;
  }
  return createPeriodicWorker({
    name: CATALOG_FACET_GROUPS_WORKER,
    every: deps.settings.catalogFacetGroupsCycleMs,
    runOnce,
    log: deps.log,
    metrics: deps.metrics,
    ...deps.activity ? { quiet: { every: deps.settings.workerQuietCycleMs, activity: deps.activity } } : {}
  });
}
export {
  CATALOG_FACET_GROUPS_WORKER,
  createCatalogFacetGroupsWorker
};
//# sourceMappingURL=catalog-facet-groups.worker.js.map
