import { isUuid } from "../../platform/validation/ids.js";
import { readAdminCard } from "./admin/admin-card.js";
import { rebuildJobNotFound } from "./catalog.errors.js";
import { readRebuildJob } from "./rebuild/projection-rebuild-jobs.js";
import { boundedRead } from "./storefront/bounded-read.js";
import { readCatalogFilters } from "./storefront/catalog-facets.js";
import { readLotClusters } from "./storefront/lot-clusters.js";
import { validateLotFilter } from "./storefront/lot-filter.js";
import { readLotsPage } from "./storefront/lots-page.js";
import { readProjectCard, readProjectCardsPage } from "./storefront/project-cards.js";
import { createStorefrontSearchObserver } from "./storefront/search-capability.js";
import { readSearchFacets } from "./storefront/search-facets.js";
import { createSharedAnswers } from "./storefront/shared-answers.js";
import { facetsShareOneMatch, readSharedFacets } from "./storefront/shared-facets.js";
import { withTypoFallback } from "./storefront/typo-fallback.js";
const FACETS_CACHE_MAX_KEYS = 1e3;
function createCatalogReads(db, deps = {}) {
  const search = createStorefrontSearchObserver(db, deps);
  const timeoutMs = deps.bounds?.statementTimeoutMs ?? null;
  const bounded = (read) => boundedRead(db, timeoutMs, read);
  const facets = createSharedAnswers({
    ttlMs: deps.bounds?.facetsCacheMs ?? 0,
    maxKeys: FACETS_CACHE_MAX_KEYS
  });
  const storefrontFilter = async (filter) => {
    const f = validateLotFilter(filter);
    if (f.search) search.used("q");
    if (f.bbox) search.used("bbox");
    if (f.near) search.used("near");
    if (!f.search?.fixable.length) return f;
    return withTypoFallback(db, f, await search.typoTolerant());
  };
  return {
    /** The lots feed: Published only, filtered, sorted, keyset-paged (forward). */
    async lotsPage(filter, sort, args) {
      const f = await storefrontFilter(filter);
      const page = await bounded((tx) => readLotsPage(tx, f, sort, args));
      if (page.ranking) search.ranked(page.ranking.drive);
      if (page.sortedDrive) search.sorted(page.sortedDrive);
      return page;
    },
    /** Facets of the published lots under the filter (issue 27's facets beside the first ones). */
    async catalogFilters(filter) {
      return facets.get(JSON.stringify(validateLotFilter(filter)), async () => {
        const f = await storefrontFilter(filter);
        return bounded(async (tx) => {
          if (facetsShareOneMatch(f)) return readSharedFacets(tx, f);
          const [base, more] = await Promise.all([readCatalogFilters(tx, f), readSearchFacets(tx, f)]);
          return { ...base, ...more };
        });
      });
    },
    /** Map clusters of the published lots under the filter in a viewport at a zoom level. */
    async lotClusters(filter, viewport, zoom) {
      search.used("clusters");
      const f = await storefrontFilter(filter);
      return bounded((tx) => readLotClusters(tx, f, viewport, zoom));
    },
    /** Whether `q` forgives typos on this server (pg_trgm with a Unicode ctype: decision 0361). */
    typoTolerantSearch() {
      return search.typoTolerant();
    },
    /** A Published project card, or null (hidden and delisted cards do not exist publicly). */
    projectCard(id) {
      return readProjectCard(db, id);
    },
    /** Published project cards, newest first. */
    projectCardsPage(filter, args) {
      return readProjectCardsPage(db, filter, args);
    },
    /** Admin: any card by id (project or lot) with SourceSnapshot, ChessboardVersion, ChessboardSyncedAt. */
    adminCard(id) {
      return readAdminCard(db, id);
    },
    /** Admin: a projection-rebuild job with its progress. */
    async rebuildJob(id) {
      const job = isUuid(id) ? await readRebuildJob(db, id) : null;
      if (!job) throw rebuildJobNotFound(id);
      return job;
    }
  };
}
export {
  createCatalogReads
};
//# sourceMappingURL=catalog.reads.js.map
