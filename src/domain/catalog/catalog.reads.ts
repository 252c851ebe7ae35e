import { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../platform/db/prisma-client.js";
import type { Logger } from "../../platform/log/logger.js";
import type { Registry } from "../../platform/metrics/registry.js";
import { keysetPaging, type Page, type PageArgs } from "../../platform/paging/keyset.js";
import { isUuid } from "../../platform/validation/ids.js";
import {
  CATALOG_STOREFRONT_ERROR,
  cardNotFound,
  invalidFilter,
  rebuildJobNotFound,
} from "./catalog.errors.js";
import type {
  AdminCardView,
  CatalogFiltersView,
  LotClustersView,
  LotView,
  ProjectCardView,
  RebuildJobView,
  SearchFacetsView,
} from "./catalog.read-models.js";
import { readRebuildJob } from "./rebuild/projection-rebuild-jobs.js";
import { readCatalogFilters } from "./storefront/catalog-facets.js";
import type { BoundingBox } from "./storefront/geo.js";
import { readLotClusters } from "./storefront/lot-clusters.js";
import { FILTER_LIST_MAX, type LotFilter, validateLotFilter } from "./storefront/lot-filter.js";
import { LOT_COLUMNS, type LotRow, lotFromRow } from "./storefront/lot-row.js";
import { type LotSort, readLotsPage } from "./storefront/lots-page.js";
import { PROJECT_COLUMNS, type ProjectRow, projectFromRow } from "./storefront/project-row.js";
import { createStorefrontSearchObserver } from "./storefront/search-capability.js";
import { readSearchFacets } from "./storefront/search-facets.js";
import { withTypoFallback } from "./storefront/typo-fallback.js";
import { PROJECT_KINDS, type ProjectKind } from "./sync/mapping.js";

/** Project cards page on (publishedAt, id), newest first, with the platform's cursors ("pc1"). */
export const projectCardsPaging = keysetPaging({
  errorCode: CATALOG_STOREFRONT_ERROR.invalidCursor,
  prefix: "pc1",
});

export interface ProjectCardFilter {
  readonly regionIds?: readonly number[] | null;
  readonly cityIds?: readonly number[] | null;
  readonly developerIds?: readonly string[] | null;
  readonly kinds?: readonly ProjectKind[] | null;
}

function projectPredicate(f: ProjectCardFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`status = 'Published'`];
  const check = (field: string, n: number) => {
    if (n > FILTER_LIST_MAX) throw invalidFilter(field, `at most ${FILTER_LIST_MAX} values`);
  };
  if (f.regionIds?.length) {
    check("regionIds", f.regionIds.length);
    parts.push(Prisma.sql`region_id = ANY(${[...f.regionIds]}::int[])`);
  }
  if (f.cityIds?.length) {
    check("cityIds", f.cityIds.length);
    parts.push(Prisma.sql`city_id = ANY(${[...f.cityIds]}::int[])`);
  }
  if (f.developerIds?.length) {
    check("developerIds", f.developerIds.length);
    if (!f.developerIds.every((id) => isUuid(id))) throw invalidFilter("developerIds", "UUIDs");
    parts.push(Prisma.sql`developer_id = ANY(${[...f.developerIds]}::uuid[])`);
  }
  if (f.kinds?.length) {
    if (!f.kinds.every((k) => (PROJECT_KINDS as readonly string[]).includes(k)))
      throw invalidFilter("kinds", "kinds");
    parts.push(Prisma.sql`kind = ANY(${[...f.kinds]}::text[])`);
  }
  return Prisma.join(parts, " AND ");
}

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
    async lotsPage(filter: LotFilter | null, sort: LotSort, args: PageArgs): Promise<Page<LotView>> {
      return readLotsPage(db, await storefrontFilter(filter), sort, args);
    },

    /** Facets of the published lots under the filter (issue 27's facets beside the first ones). */
    async catalogFilters(filter: LotFilter | null): Promise<CatalogFiltersView & SearchFacetsView> {
      const f = await storefrontFilter(filter);
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
    async projectCard(id: string): Promise<ProjectCardView | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.$queryRaw<ProjectRow[]>`
        SELECT ${PROJECT_COLUMNS} FROM catalog.project_cards WHERE id = ${id}::uuid AND status = 'Published'`;
      return row ? projectFromRow(row) : null;
    },

    /** Published project cards, newest first. */
    async projectCardsPage(filter: ProjectCardFilter | null, args: PageArgs): Promise<Page<ProjectCardView>> {
      const window = projectCardsPaging.window(args);
      if (window.size === 0) return projectCardsPaging.page(window, []);
      const older = window.direction === "older";
      const from = window.from;
      const range = from
        ? older
          ? Prisma.sql`AND (published_at, id) < (${from.createdAt}, ${from.id}::uuid)`
          : Prisma.sql`AND (published_at, id) > (${from.createdAt}, ${from.id}::uuid)`
        : Prisma.empty;
      const order = older ? Prisma.sql`published_at DESC, id DESC` : Prisma.sql`published_at ASC, id ASC`;
      const rows = await db.$queryRaw<ProjectRow[]>`
        SELECT ${PROJECT_COLUMNS} FROM catalog.project_cards
        WHERE ${projectPredicate(filter ?? {})} ${range}
        ORDER BY ${order} LIMIT ${window.size + 1}`;
      const views = rows.map((r) => ({ ...projectFromRow(r), createdAt: r.published_at ?? new Date(0) }));
      return projectCardsPaging.page(window, views);
    },

    /** Admin: any card by id (project or lot) with SourceSnapshot, ChessboardVersion, ChessboardSyncedAt. */
    async adminCard(id: string): Promise<AdminCardView> {
      if (!isUuid(id)) throw cardNotFound("card", id);
      const [project] = await db.$queryRaw<
        Array<
          ProjectRow &
            AdminExtra & { source_name: string; source_address: string; analytics_as_of: Date | null }
        >
      >`
        SELECT ${PROJECT_COLUMNS}, source_contract_version, source_name, source_address, source_stars,
               source_delivery_date, source_readiness_percent, source_distance_minutes, analytics_as_of,
               chessboard_version, chessboard_synced_at, row_version, updated_at
        FROM catalog.project_cards WHERE id = ${id}::uuid`;
      if (project) {
        return {
          ...adminMarks(project),
          id,
          cardType: "Project",
          status: project.status,
          sourceSnapshot: {
            ...snapshotOf(project),
            name: project.source_name,
            address: project.source_address,
            title: null,
            price: null,
            badge: null,
            analyticsAsOf: project.analytics_as_of,
          },
          project: projectFromRow(project),
          lot: null,
        };
      }
      const [lot] = await db.$queryRaw<
        Array<
          LotRow & AdminExtra & { source_title: string; source_price: string; source_badge: string | null }
        >
      >`
        SELECT ${LOT_COLUMNS}, source_contract_version, source_title, source_price::text, source_badge,
               source_stars, source_delivery_date, source_readiness_percent, source_distance_minutes,
               chessboard_version, chessboard_synced_at, row_version, updated_at
        FROM catalog.property_object_cards WHERE id = ${id}::uuid`;
      if (!lot) throw cardNotFound("card", id);
      return {
        ...adminMarks(lot),
        id,
        cardType: "PropertyObject",
        status: lot.status,
        sourceSnapshot: {
          ...snapshotOf(lot),
          name: null,
          address: null,
          title: lot.source_title,
          price: lot.source_price,
          badge: lot.source_badge,
          analyticsAsOf: null,
        },
        project: null,
        lot: lotFromRow(lot),
      };
    },

    /** Admin: a projection-rebuild job with its progress. */
    async rebuildJob(id: string): Promise<RebuildJobView> {
      const job = isUuid(id) ? await readRebuildJob(db, id) : null;
      if (!job) throw rebuildJobNotFound(id);
      return job;
    },
  };
}

interface AdminExtra {
  source_contract_version: number;
  source_stars: number | null;
  source_delivery_date: Date | null;
  source_readiness_percent: number | null;
  source_distance_minutes: number | null;
  chessboard_version: bigint;
  chessboard_synced_at: Date;
  row_version: number;
  updated_at: Date;
}

function adminMarks(r: AdminExtra) {
  return {
    chessboardVersion: Number(r.chessboard_version),
    chessboardSyncedAt: r.chessboard_synced_at,
    rowVersion: r.row_version,
    updatedAt: r.updated_at,
  };
}

function snapshotOf(r: AdminExtra) {
  return {
    contractVersion: r.source_contract_version,
    chessboardVersion: Number(r.chessboard_version),
    stars: r.source_stars,
    deliveryDate: r.source_delivery_date,
    readinessPercent: r.source_readiness_percent,
    distanceMinutes: r.source_distance_minutes,
  };
}

export type CatalogReads = ReturnType<typeof createCatalogReads>;
