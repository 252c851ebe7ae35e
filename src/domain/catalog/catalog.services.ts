import type { Settings } from "../../platform/config/settings.js";
import type { Infra } from "../../platform/infra.js";
import { type CatalogReads, createCatalogReads } from "./catalog.reads.js";
import { createDisplayOverrides, type DisplayOverrides } from "./overrides/display-overrides.js";
import { createProjectionRebuild, type ProjectionRebuild } from "./rebuild/projection-rebuild.js";
import { createSavedSearches, type SavedSearches } from "./saved-searches/saved-searches.js";

/** Everything catalog offers the transports: the storefront and admin reads, overrides, rebuild. */
export interface CatalogServices {
  readonly reads: CatalogReads;
  readonly overrides: DisplayOverrides;
  readonly rebuild: ProjectionRebuild;
  readonly savedSearches: SavedSearches;
}

/** Built once by the composition root (src/app.ts). */
export function createCatalogServices(
  infra: Infra,
  settings: Pick<Settings, "catalogRebuildChunkSize"> &
    Partial<Pick<Settings, "storefrontStatementTimeoutMs" | "storefrontFacetsCacheMs">>,
): CatalogServices {
  const now = () => infra.clock.now();
  return {
    reads: createCatalogReads(infra.db, {
      log: infra.log.child({ context: "catalog" }),
      metrics: infra.metrics,
      bounds: {
        statementTimeoutMs: settings.storefrontStatementTimeoutMs ?? null,
        facetsCacheMs: settings.storefrontFacetsCacheMs ?? 0,
      },
    }),
    overrides: createDisplayOverrides({ db: infra.db, now }),
    rebuild: createProjectionRebuild({
      db: infra.db,
      log: infra.log.child({ context: "catalog" }),
      now,
      chunkSize: settings.catalogRebuildChunkSize,
    }),
    savedSearches: createSavedSearches({ db: infra.db, now }),
  };
}
