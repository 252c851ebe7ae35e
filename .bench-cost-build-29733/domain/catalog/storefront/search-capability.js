import { counter, gauge } from "../../../platform/metrics/registry.js";
async function detectTypoSearch(db) {
  const [ext] = await db.$queryRaw`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
       AND EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'catalog' AND indexname = 'lots_search_trgm_idx')
       AND EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'catalog' AND indexname = 'search_words_trgm_idx') AS ok`;
  if (!ext?.ok) return false;
  const [trgm] = await db.$queryRaw`SELECT cardinality(show_trgm('жк')) > 0 AS ok`;
  return trgm?.ok === true;
}
function createStorefrontSearchObserver(db, deps) {
  let detected = null;
  const features = deps.metrics ? counter(
    deps.metrics,
    "catalog_storefront_search_requests_total",
    "Storefront reads using a search feature",
    ["feature"]
  ) : null;
  const drives = deps.metrics ? counter(
    deps.metrics,
    "catalog_search_relevance_drive_total",
    "Capped RELEVANCE pages by how their candidates were found: the NEWEST walk or the selective full-text match (decision 0510)",
    ["drive"]
  ) : null;
  const sortedDrives = deps.metrics ? counter(
    deps.metrics,
    "catalog_search_sorted_drive_total",
    "Sorted lots pages with q (not RELEVANCE) by how they read: the planner's walk or the selective match first (decision 0536)",
    ["drive"]
  ) : null;
  return {
    typoTolerant() {
      detected ??= detectTypoSearch(db).then(
        (ok) => {
          deps.log?.[ok ? "info" : "warn"](
            { typoTolerant: ok },
            ok ? "storefront search: full text + trigram typo tolerance" : "storefront search: pg_trgm missing or without Unicode ctype \u2014 full text only"
          );
          if (deps.metrics)
            gauge(deps.metrics, "catalog_search_typo_tolerant", "1 when trigram typo tolerance is on").set(
              ok ? 1 : 0
            );
          return ok;
        },
        (error) => {
          detected = null;
          throw error;
        }
      );
      return detected;
    },
    used(feature) {
      features?.inc({ feature });
    },
    ranked(drive) {
      drives?.inc({ drive });
      deps.log?.debug({ drive }, "storefront search: RELEVANCE candidates");
    },
    sorted(drive) {
      sortedDrives?.inc({ drive });
      deps.log?.debug({ drive }, "storefront search: sorted page with q");
    }
  };
}
export {
  createStorefrontSearchObserver,
  detectTypoSearch
};
//# sourceMappingURL=search-capability.js.map
