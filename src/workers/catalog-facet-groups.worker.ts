import {
  countDirtyFacetProjects,
  rebuildDirtyFacetGroups,
} from "../domain/catalog/storefront/facet-groups.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { counter, gauge } from "../platform/metrics/registry.js";
import { createPeriodicWorker, type PeriodicWorker } from "../platform/workers/periodic-worker.js";
import type { Activity } from "../platform/workers/quiet-cadence.js";

/** Projects rebuilt per statement: a project's lots are read by the (project_id, id) index */
const BATCH_SIZE = 50;
export const CATALOG_FACET_GROUPS_WORKER = "catalog-facet-groups";

export interface CatalogFacetGroupsDeps extends Infra {
  readonly settings: Pick<Settings, "workerQuietCycleMs" | "catalogFacetGroupsCycleMs">;
  /** Signs of activity: the quiet cadence (decision 0614) */
  readonly activity?: Activity;
}

/**
 * Rebuilds the facet groups of the projects whose lot cards changed (decision 0534), batch after
 * batch until one comes back short. catalog_facet_groups_rebuilt_total counts the projects;
 * catalog_facet_groups_dirty_projects is what waits (read live by catalogFilters meanwhile).
 */
export function createCatalogFacetGroupsWorker(deps: CatalogFacetGroupsDeps): PeriodicWorker<number> {
  const rebuilt = counter(
    deps.metrics,
    "catalog_facet_groups_rebuilt_total",
    "Projects whose facet groups the catalog-facet-groups worker rebuilt",
  );
  const dirty = gauge(
    deps.metrics,
    "catalog_facet_groups_dirty_projects",
    "Projects whose lot cards changed since their facet groups were built (read live until rebuilt)",
  );
  const log = deps.log.child({ worker: CATALOG_FACET_GROUPS_WORKER });

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
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
    ...(deps.activity ? { quiet: { every: deps.settings.workerQuietCycleMs, activity: deps.activity } } : {}),
  });
}
