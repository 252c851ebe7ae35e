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
import { boundedRead } from "./storefront/bounded-read.js";
import { readCatalogFilters } from "./storefront/catalog-facets.js";
import type { BoundingBox } from "./storefront/geo.js";
import { readLotClusters } from "./storefront/lot-clusters.js";
import { type LotFilter, validateLotFilter } from "./storefront/lot-filter.js";
import { type LotSort, type LotsPage, readLotsPage } from "./storefront/lots-page.js";
import { type ProjectCardFilter, readProjectCard, readProjectCardsPage } from "./storefront/project-cards.js";
import { createStorefrontSearchObserver } from "./storefront/search-capability.js";
import { readSearchFacets } from "./storefront/search-facets.js";
import { createSharedAnswers } from "./storefront/shared-answers.js";
import { facetsShareOneMatch, readSharedFacets } from "./storefront/shared-facets.js";
import { withTypoFallback } from "./storefront/typo-fallback.js";

export type { ProjectCardFilter } from "./storefront/project-cards.js";

/** How the storefront's reads are bounded (issue #42): the api role passes its settings; none = unbounded. */
export interface StorefrontReadBounds {
  /** statement_timeout of each storefront read (ms); null = the pool's */
  readonly statementTimeoutMs?: number | null;
  /** how long one normalised filter's facets are shared (ms); 0 = not shared */
  readonly facetsCacheMs?: number;
}

/** Distinct filters whose facets are kept at once. */
const FACETS_CACHE_MAX_KEYS = 1_000;

/**
 * The catalog read path: the public storefront (Published cards only, whoever asks) and the admin
 * reads (any card, with its SourceSnapshot). Resolvers and the admin REST call these, never Prisma.
 */
export function createCatalogReads(
  db: Db,
  deps: { log?: Logger; metrics?: Registry; bounds?: StorefrontReadBounds } = {},
) {
  const search = createStorefrontSearchObserver(db, deps);
  const timeoutMs = deps.bounds?.statementTimeoutMs ?? null;
  const bounded = <T>(read: (db: Db) => Promise<T>) => boundedRead(db, timeoutMs, read);
  const facets = createSharedAnswers<CatalogFiltersView & SearchFacetsView>({
    ttlMs: deps.bounds?.facetsCacheMs ?? 0,
    maxKeys: FACETS_CACHE_MAX_KEYS,
  });
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
      const f = await storefrontFilter(filter);
      const page = await bounded((tx) => readLotsPage(tx, f, sort, args));
      if (page.ranking) search.ranked(page.ranking.drive);
      if (page.sortedDrive) search.sorted(page.sortedDrive);
      return page;
    },

    /** Facets of the published lots under the filter (issue 27's facets beside the first ones). */
    async catalogFilters(filter: LotFilter | null): Promise<CatalogFiltersView & SearchFacetsView> {
      // The same normalised filter within a few seconds: one read shared, the typo probe too (0575).
      return facets.get(JSON.stringify(validateLotFilter(filter)), async () => {
        const f = await storefrontFilter(filter);
        return bounded(async (tx) => {
          // With q: one statement over one full-text match (decision 0480); else the per-facet index reads.
          if (facetsShareOneMatch(f)) return readSharedFacets(tx, f);
          const [base, more] = await Promise.all([readCatalogFilters(tx, f), readSearchFacets(tx, f)]);
          return { ...base, ...more };
        });
      });
    },

    /** Map clusters of the published lots under the filter in a viewport at a zoom level. */
    async lotClusters(
      filter: LotFilter | null,
      viewport: BoundingBox,
      zoom: number,
    ): Promise<LotClustersView> {
      search.used("clusters");
      const f = await storefrontFilter(filter);
      return bounded((tx) => readLotClusters(tx, f, viewport, zoom));
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
