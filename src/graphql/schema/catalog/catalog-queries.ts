import { RADIUS_KM_MAX, RADIUS_KM_MIN } from "../../../domain/catalog/storefront/geo.js";
import { CLUSTER_CELLS_MAX, CLUSTER_ZOOM_MAX } from "../../../domain/catalog/storefront/lot-clusters.js";
import type { LotFilter } from "../../../domain/catalog/storefront/lot-filter.js";
import { type LotsPage, RELEVANCE_CANDIDATES_MAX } from "../../../domain/catalog/storefront/lots-page.js";
import { QUERY_MAX_LENGTH } from "../../../domain/catalog/storefront/search-query.js";
import { MAX_PAGE_SIZE } from "../../../platform/paging/keyset.js";
import { builder } from "../../builder.js";
import { connectionPage } from "../connection-page.js";
import { AdminCardRef, LotRef, ProjectCardRef } from "./card-types.js";
import {
  CatalogFiltersRef,
  CatalogSearchInfoRef,
  ConstructionStatusEnum,
  LotClustersRef,
  LotSortEnum,
  LotsRankingRef,
  LotTypeEnum,
  ProjectKindEnum,
  PropertyClassEnum,
  parseDay,
  RebuildJobRef,
} from "./catalog-types.js";
import { limitAnonymousStorefront } from "./storefront-rate-limit.js";

const BoundingBoxInput = builder.inputType("GeoBoundingBox", {
  description:
    "A map viewport in degrees (WGS 84); west ≤ east (split a view across the antimeridian in two).",
  fields: (t) => ({
    south: t.float({ required: true }),
    west: t.float({ required: true }),
    north: t.float({ required: true }),
    east: t.float({ required: true }),
  }),
});

const NearInput = builder.inputType("GeoNear", {
  description: `Within radiusKm (${RADIUS_KM_MIN}..${RADIUS_KM_MAX}) of a point; also the origin of sort DISTANCE.`,
  fields: (t) => ({
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
    radiusKm: t.float({ required: true }),
  }),
});

const DeliveryQuarterInput = builder.inputType("DeliveryQuarter", {
  description: "A calendar quarter, for the delivery-date bounds of the lot filter.",
  fields: (t) => ({
    year: t.int({ required: true, description: "Calendar year, e.g. 2027" }),
    quarter: t.int({ required: true, description: "1..4" }),
  }),
});

export const LotFilterInput = builder.inputType("LotFilter", {
  description: "Every field narrows the feed; lists match any of their values (at most 50 each).",
  fields: (t) => ({
    q: t.string({
      required: false,
      description: `Search text (≤ ${QUERY_MAX_LENGTH} chars): Russian full text over the title, project, building, developer and address, forgiving typos where the server supports it (catalogSearchInfo). Sort RELEVANCE ranks by it.`,
    }),
    bbox: t.field({
      type: BoundingBoxInput,
      required: false,
      description: "The map viewport (project coordinates)",
    }),
    near: t.field({ type: NearInput, required: false }),
    floorMin: t.int({ required: false }),
    floorMax: t.int({ required: false }),
    notFirstFloor: t.boolean({ required: false }),
    notLastFloor: t.boolean({
      required: false,
      description: "Excludes lots whose building height is unknown",
    }),
    propertyClasses: t.field({ type: [PropertyClassEnum], required: false }),
    constructionStatuses: t.field({ type: [ConstructionStatusEnum], required: false }),
    deliveryByQuarter: t.field({
      type: DeliveryQuarterInput,
      required: false,
      description: "Delivered by the end of the quarter",
    }),
    readinessMin: t.int({ required: false, description: "Readiness percent ≥ (0..100)" }),
    distanceMinutesMax: t.int({ required: false, description: "Minutes to transport ≤" }),
    pricePerMeterMin: t.field({ type: "Decimal", required: false }),
    pricePerMeterMax: t.field({ type: "Decimal", required: false }),
    regionIds: t.intList({ required: false }),
    cityIds: t.intList({ required: false }),
    projectIds: t.idList({ required: false }),
    developerIds: t.idList({ required: false }),
    rooms: t.intList({ required: false, description: "Room counts (0 = studio)" }),
    priceMin: t.field({ type: "Decimal", required: false }),
    priceMax: t.field({ type: "Decimal", required: false }),
    areaMin: t.field({ type: "Decimal", required: false }),
    areaMax: t.field({ type: "Decimal", required: false }),
    deliveryBy: t.string({ required: false, description: "Delivered on or before this day, YYYY-MM-DD" }),
    kinds: t.field({ type: [ProjectKindEnum], required: false }),
    types: t.field({ type: [LotTypeEnum], required: false }),
  }),
});

type LotFilterArg = typeof LotFilterInput.$inferInput;

export function lotFilter(f: LotFilterArg | null | undefined): LotFilter | null {
  if (!f) return null;
  return {
    regionIds: f.regionIds ?? null,
    cityIds: f.cityIds ?? null,
    projectIds: f.projectIds?.map(String) ?? null,
    developerIds: f.developerIds?.map(String) ?? null,
    rooms: f.rooms ?? null,
    priceMin: f.priceMin ?? null,
    priceMax: f.priceMax ?? null,
    areaMin: f.areaMin ?? null,
    areaMax: f.areaMax ?? null,
    deliveryBy: parseDay("deliveryBy", f.deliveryBy),
    kinds: f.kinds ?? null,
    types: f.types ?? null,
    q: f.q ?? null,
    bbox: f.bbox ?? null,
    near: f.near ?? null,
    floorMin: f.floorMin ?? null,
    floorMax: f.floorMax ?? null,
    notFirstFloor: f.notFirstFloor ?? null,
    notLastFloor: f.notLastFloor ?? null,
    propertyClasses: f.propertyClasses ?? null,
    constructionStatuses: f.constructionStatuses ?? null,
    deliveryByQuarter: f.deliveryByQuarter ?? null,
    readinessMin: f.readinessMin ?? null,
    distanceMinutesMax: f.distanceMinutesMax ?? null,
    pricePerMeterMin: f.pricePerMeterMin ?? null,
    pricePerMeterMax: f.pricePerMeterMax ?? null,
  };
}

const ProjectCardFilterInput = builder.inputType("ProjectCardFilter", {
  description: "Narrows the project cards; lists match any of their values, an omitted field matches all.",
  fields: (t) => ({
    regionIds: t.intList({ required: false, description: "Geo-directory region ids" }),
    cityIds: t.intList({ required: false, description: "Geo-directory city ids" }),
    developerIds: t.idList({ required: false, description: "Developers (tenants) of the projects" }),
    kinds: t.field({ type: [ProjectKindEnum], required: false, description: "Project kinds" }),
  }),
});

const PUBLIC =
  "Public: readable without a token (anonymous callers are rate-limited per address: RATE_LIMITED). Only Published cards, ever.";

builder.queryField("lots", (t) =>
  t.connection(
    {
      type: LotRef,
      description: `The storefront lots feed. ${PUBLIC} Keyset cursors on (sort value, id): pass endCursor as after; a cursor is valid for the sort it came from. Forward only, page size ≤ ${MAX_PAGE_SIZE}. Errors: CATALOG_INVALID_FILTER, CATALOG_INVALID_CURSOR.`,
      args: {
        filter: t.arg({ type: LotFilterInput, required: false }),
        sort: t.arg({ type: LotSortEnum, required: false, defaultValue: "NEWEST" }),
      },
      resolve: async (_root, args, ctx) => {
        await limitAnonymousStorefront(ctx);
        return connectionPage(() =>
          ctx.deps.services.catalog.reads.lotsPage(lotFilter(args.filter), args.sort ?? "NEWEST", args),
        );
      },
    },
    {
      fields: (c) => ({
        ranking: c.field({
          type: LotsRankingRef,
          nullable: true,
          description: `RELEVANCE only (null for the other sorts): the cap of the ranked candidates (${RELEVANCE_CANDIDATES_MAX}) and whether this query reached it.`,
          resolve: (page) => ("ranking" in page ? ((page as LotsPage).ranking ?? null) : null),
        }),
      }),
    },
  ),
);

builder.queryField("catalogFilters", (t) =>
  t.field({
    type: CatalogFiltersRef,
    description: `Facets of the storefront — regions and cities of the published cards (projects and lots, newest name), room counts, price and area bounds of the published lots, each with its count of published lots under the given filter (each dimension ignores its own filter; a project without matching lots counts 0). ${PUBLIC}`,
    args: { filter: t.arg({ type: LotFilterInput, required: false }) },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return connectionPage(() => ctx.deps.services.catalog.reads.catalogFilters(lotFilter(args.filter)));
    },
  }),
);

builder.queryField("lotClusters", (t) =>
  t.field({
    type: LotClustersRef,
    description: `Map clusters: published lots under the filter inside the viewport, counted per web-mercator grid cell (4×4 cells a 256-px tile at the zoom, 0..${CLUSTER_ZOOM_MAX}), densest first, at most ${CLUSTER_CELLS_MAX} cells. ${PUBLIC} Errors: CATALOG_INVALID_FILTER.`,
    args: {
      viewport: t.arg({ type: BoundingBoxInput, required: true }),
      zoom: t.arg.int({ required: true }),
      filter: t.arg({ type: LotFilterInput, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return ctx.deps.services.catalog.reads.lotClusters(lotFilter(args.filter), args.viewport, args.zoom);
    },
  }),
);

builder.queryField("catalogSearchInfo", (t) =>
  t.field({
    type: CatalogSearchInfoRef,
    description: `What the storefront search can do on this server. ${PUBLIC}`,
    resolve: async (_root, _args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return { typoTolerant: await ctx.deps.services.catalog.reads.typoTolerantSearch() };
    },
  }),
);

builder.queryField("projectCard", (t) =>
  t.field({
    type: ProjectCardRef,
    nullable: true,
    description: `One published project card; null when it does not exist or is not published. ${PUBLIC}`,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      return ctx.deps.services.catalog.reads.projectCard(String(args.id));
    },
  }),
);

builder.queryField("projectCards", (t) =>
  t.connection({
    type: ProjectCardRef,
    description: `Published project cards, newest first, keyset cursors on (publishedAt, id). ${PUBLIC} Errors: CATALOG_INVALID_FILTER, CATALOG_INVALID_CURSOR.`,
    args: { filter: t.arg({ type: ProjectCardFilterInput, required: false }) },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousStorefront(ctx);
      const f = args.filter;
      return connectionPage(() =>
        ctx.deps.services.catalog.reads.projectCardsPage(
          f
            ? {
                regionIds: f.regionIds ?? null,
                cityIds: f.cityIds ?? null,
                developerIds: f.developerIds?.map(String) ?? null,
                kinds: f.kinds ?? null,
              }
            : null,
          args,
        ),
      );
    },
  }),
);

builder.queryField("catalogAdminCard", (t) =>
  t.field({
    type: AdminCardRef,
    description:
      "Admin: the full card of a project or lot by id in any status, with SourceSnapshot, ChessboardVersion and ChessboardSyncedAt. Allowed: admin. Errors: CATALOG_CARD_NOT_FOUND.",
    authScopes: { role: ["admin"] },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.catalog.reads.adminCard(String(args.id)),
  }),
);

builder.queryField("projectionRebuild", (t) =>
  t.field({
    type: RebuildJobRef,
    description:
      "Admin: a projection rebuild with its progress. Allowed: admin. Errors: CATALOG_REBUILD_JOB_NOT_FOUND.",
    authScopes: { role: ["admin"] },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.catalog.reads.rebuildJob(String(args.id)),
  }),
);
