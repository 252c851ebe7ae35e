import { createCatalogReads } from "./catalog.reads.js";
import { createDisplayOverrides } from "./overrides/display-overrides.js";
import { createProjectionRebuild } from "./rebuild/projection-rebuild.js";
import { createSavedSearches } from "./saved-searches/saved-searches.js";
function createCatalogServices(infra, settings) {
  const now = () => infra.clock.now();
  return {
    reads: createCatalogReads(infra.db, {
      log: infra.log.child({ context: "catalog" }),
      metrics: infra.metrics,
      bounds: {
        statementTimeoutMs: settings.storefrontStatementTimeoutMs ?? null,
        facetsCacheMs: settings.storefrontFacetsCacheMs ?? 0
      }
    }),
    overrides: createDisplayOverrides({ db: infra.db, now }),
    rebuild: createProjectionRebuild({
      db: infra.db,
      log: infra.log.child({ context: "catalog" }),
      now,
      chunkSize: settings.catalogRebuildChunkSize
    }),
    savedSearches: createSavedSearches({ db: infra.db, now })
  };
}
export {
  createCatalogServices
};
//# sourceMappingURL=catalog.services.js.map
