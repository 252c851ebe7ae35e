import { CLUSTER_CELLS_MAX, CLUSTER_ZOOM_MAX } from "../../../domain/catalog/storefront/lot-clusters.js";
import { RELEVANCE_CANDIDATES_MAX } from "../../../domain/catalog/storefront/lots-page.js";
import { MAX_PAGE_SIZE } from "../../../platform/paging/keyset.js";
import { builder } from "../../builder.js";
import { connectionPage } from "../connection-page.js";
import { AdminCardRef, LotRef, ProjectCardRef } from "./card-types.js";
import {
  CatalogFiltersRef,
  CatalogSearchInfoRef,
  LotClustersRef,
  LotSortEnum,
  LotsRankingRef,
  ProjectKindEnum,
  RebuildJobRef
} from "./catalog-types.js";
import { BoundingBoxInput, LotFilterInput, lotFilter } from "./lot-filter-input.js";
import { limitAnonymousStorefront } from "./storefront-rate-limit.js";
const ProjectCardFilterInput = builder.inputType("ProjectCardFilter", {
  description: "Narrows the project cards; lists match any of their values, an omitted field matches all.",
  fields: (t) => ({
    regionIds: t.intList({ required: false, description: "Geo-directory region ids" }),
    cityIds: t.intList({ required: false, description: "Geo-directory city ids" }),
    developerIds: t.idList({ required: false, description: "Developers (tenants) of the projects" }),
    kinds: t.field({ type: [ProjectKindEnum], required: false, description: "Project kinds" })
  })
});
const PUBLIC = "Public: readable without a token (anonymous callers are rate-limited per address: RATE_LIMITED). Only Published cards, ever.";
builder.queryField(
  "lots",
  (t) => t.connection(
    {
      type: LotRef,
      description: `The storefront lots feed. ${PUBLIC} Keyset cursors on (sort value, id): pass endCursor as after; a cursor is valid for the sort it came from. Forward only, page size \u2264 ${MAX_PAGE_SIZE}. Errors: CATALOG_INVALID_FILTER, CATALOG_INVALID_CURSOR.`,
      args: {
        filter: t.arg({ type: LotFilterInput, required: false }),
        sort: t.arg({ type: LotSortEnum, required: false, defaultValue: "NEWEST" })
      },
      resolve: async (_root, args, ctx) => {
        await limitAnonymousStorefront(ctx);
        return connectionPage(
          () => ctx.deps.services.catalog.reads.lotsPage(lotFilter(args.filter), args.sort ?? "NEWEST", args)
        );
      }
    },
    {
      fields: (c) => ({
        ranking: c.field({
          type: LotsRankingRef,
          nullable: true,
          description: `RELEVANCE only (null for the other sorts): the cap of the ranked candidates (${RELEVANCE_CANDIDATES_MAX}) and whether this query reached it.`,
          resolve: (page) => "ranking" in page ? page.ranking ?? null : null
        })
      })
    }
  )
);
builder.queryField(
  "catalogFilters",
  (t) => t.field({
    type: CatalogFiltersRef,
    description: `Facets of the storefront \u2014 regions and cities of the published cards (projects and lots, newest name), room counts, price and area bounds of the published lots, each with its count of published lots under the given filter (each dimension ignores its own filter; a project without matching lots counts 0). ${PUBLIC}`,
    args: { filter: t.arg({ type: LotFilterInput, required: false }) },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return connectionPage(() => ctx.deps.services.catalog.reads.catalogFilters(lotFilter(args.filter)));
    }
  })
);
builder.queryField(
  "lotClusters",
  (t) => t.field({
    type: LotClustersRef,
    description: `Map clusters: published lots under the filter inside the viewport, counted per web-mercator grid cell (4\xD74 cells a 256-px tile at the zoom, 0..${CLUSTER_ZOOM_MAX}), densest first, at most ${CLUSTER_CELLS_MAX} cells. ${PUBLIC} Errors: CATALOG_INVALID_FILTER.`,
    args: {
      viewport: t.arg({ type: BoundingBoxInput, required: true }),
      zoom: t.arg.int({ required: true }),
      filter: t.arg({ type: LotFilterInput, required: false })
    },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return ctx.deps.services.catalog.reads.lotClusters(lotFilter(args.filter), args.viewport, args.zoom);
    }
  })
);
builder.queryField(
  "catalogSearchInfo",
  (t) => t.field({
    type: CatalogSearchInfoRef,
    description: `What the storefront search can do on this server. ${PUBLIC}`,
    resolve: async (_root, _args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return { typoTolerant: await ctx.deps.services.catalog.reads.typoTolerantSearch() };
    }
  })
);
builder.queryField(
  "projectCard",
  (t) => t.field({
    type: ProjectCardRef,
    nullable: true,
    description: `One published project card; null when it does not exist or is not published. ${PUBLIC}`,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return ctx.deps.services.catalog.reads.projectCard(String(args.id));
    }
  })
);
builder.queryField(
  "projectCards",
  (t) => t.connection({
    type: ProjectCardRef,
    description: `Published project cards, newest first, keyset cursors on (publishedAt, id). ${PUBLIC} Errors: CATALOG_INVALID_FILTER, CATALOG_INVALID_CURSOR.`,
    args: { filter: t.arg({ type: ProjectCardFilterInput, required: false }) },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      const f = args.filter;
      return connectionPage(
        () => ctx.deps.services.catalog.reads.projectCardsPage(
          f ? {
            regionIds: f.regionIds ?? null,
            cityIds: f.cityIds ?? null,
            developerIds: f.developerIds?.map(String) ?? null,
            kinds: f.kinds ?? null
          } : null,
          args
        )
      );
    }
  })
);
builder.queryField(
  "catalogAdminCard",
  (t) => t.field({
    type: AdminCardRef,
    description: "Admin: the full card of a project or lot by id in any status, with SourceSnapshot, ChessboardVersion and ChessboardSyncedAt. Allowed: admin. Errors: CATALOG_CARD_NOT_FOUND.",
    authScopes: { role: ["admin"] },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.catalog.reads.adminCard(String(args.id))
  })
);
builder.queryField(
  "projectionRebuild",
  (t) => t.field({
    type: RebuildJobRef,
    description: "Admin: a projection rebuild with its progress. Allowed: admin. Errors: CATALOG_REBUILD_JOB_NOT_FOUND.",
    authScopes: { role: ["admin"] },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.catalog.reads.rebuildJob(String(args.id))
  })
);
//# sourceMappingURL=catalog-queries.js.map
