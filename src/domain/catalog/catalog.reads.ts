import type { Db } from "../../platform/db/prisma-client.js";
import type { Logger } from "../../platform/log/logger.js";
import type { Registry } from "../../platform/metrics/registry.js";
import type { Page, PageArgs } from "../../platform/paging/keyset.js";
import { isUuid } from "../../platform/validation/ids.js";
import { readAdminCard } from "./admin/admin-card.js";
import { rebuildJobNotFound } from "./catalog.errors.js";
import type {
  AdminCardView,
  CatalogFiltersView,
  LotClustersView,
  ProjectCardView,
  RebuildJobView,
  SearchFacetsView,
} from "./catalog.read-models.js";
import { readRebuildJob } from "./rebuild/projection-rebuild-jobs.js";
import { readCatalogFilters } from "./storefront/catalog-facets.js";
import type { BoundingBox } from "./storefront/geo.js";
import { readLotClusters } from "./storefront/lot-clusters.js";
import { type LotFilter, validateLotFilter } from "./storefront/lot-filter.js";
import { type LotSort, type LotsPage, readLotsPage } from "./storefront/lots-page.js";
import { type ProjectCardFilter, readProjectCard, readProjectCardsPage } from "./storefront/project-cards.js";
import { createStorefrontSearchObserver } from "./storefront/search-capability.js";
import { readSearchFacets } from "./storefront/search-facets.js";
import { facetsShareOneMatch, readSharedFacets } from "./storefront/shared-facets.js";
import { withTypoFallback } from "./storefront/typo-fallback.js";

export type { ProjectCardFilter } from "./storefront/project-cards.js";

/**
 * The catalog read path: the public storefront (Published cards only, whoever asks) and the admin
 * reads (any card, with its SourceSnapshot). Resolvers and the admin REST call these, never Prisma.
 */
export function createCatalogReads(db: Db, deps: { log?: Logger; metrics?: Registry } = {}) {
  const search = createStorefrontSearchObserver(db, deps);
  /** Validates a storefront filter and switches typo tolerance on where the server has it. */
  const storefrontFilter = async (filter: LotFilter | null): Promise<LotFilter> => {
    const f = validateLotFilter(filter);
    if (f.search) search.used("q");
    if (f.bbox) search.used("bbox");
    if (f.near) search.used("near");
    if (!f.search?.fixable.length) return f;
    // Typos are a fallback: only when the full text finds nothing (decisions 0361, 0440).
    return withTypoFallback(db, f, await search.typoTolerant());
  };
  return {
    /** The lots feed: Published only, filtered, sorted, keyset-paged (forward). */
    async lotsPage(filter: LotFilter | null, sort: LotSort, args: PageArgs): Promise<LotsPage> {
      const page = await readLotsPage(db, await storefrontFilter(filter), sort, args);
      if (page.ranking) search.ranked(page.ranking.drive);
      if (page.sortedDrive) search.sorted(page.sortedDrive);
      return page;
    },

    /** Facets of the published lots under the filter (issue 27's facets beside the first ones). */
    async catalogFilters(filter: LotFilter | null): Promise<CatalogFiltersView & SearchFacetsView> {
      const f = await storefrontFilter(filter);
      // With q: one statement over one full-text match (decision 0480); else the per-facet index reads.
      if (facetsShareOneMatch(f)) return readSharedFacets(db, f);
      const [base, more] = await Promise.all([readCatalogFilters(db, f), readSearchFacets(db, f)]);
      return { ...base, ...more };
    },

    /** Map clusters of the published lots under the filter in a viewport at a zoom level. */
    async lotClusters(
      filter: LotFilter | null,
      viewport: BoundingBox,
      zoom: number,
    ): Promise<LotClustersView> {
      search.used("clusters");
      return readLotClusters(db, await storefrontFilter(filter), viewport, zoom);
    },

    /** Whether `q` forgives typos on this server (pg_trgm with a Unicode ctype: decision 0361). */
    typoTolerantSearch(): Promise<boolean> {
      return search.typoTolerant();
    },

    /** A Published project card, or null (hidden and delisted cards do not exist publicly). */
    projectCard(id: string): Promise<ProjectCardView | null> {
      return readProjectCard(db, id);
    },

    /** Published project cards, newest first. */
    projectCardsPage(filter: ProjectCardFilter | null, args: PageArgs): Promise<Page<ProjectCardView>> {
      return readProjectCardsPage(db, filter, args);
    },

    /** Admin: any card by id (project or lot) with SourceSnapshot, ChessboardVersion, ChessboardSyncedAt. */
    adminCard(id: string): Promise<AdminCardView> {
      return readAdminCard(db, id);
    },

    /** Admin: a projection-rebuild job with its progress. */
    async rebuildJob(id: string): Promise<RebuildJobView> {
      const job = isUuid(id) ? await readRebuildJob(db, id) : null;
      if (!job) throw rebuildJobNotFound(id);
      return job;
    },
  };
}

export type CatalogReads = ReturnType<typeof createCatalogReads>;
