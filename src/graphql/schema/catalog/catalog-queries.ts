import { MAX_PAGE_SIZE } from "../../../platform/paging/keyset.js";
import { builder } from "../../builder.js";
import { connectionPage } from "../connection-page.js";
import {
  AdminCardRef,
  CatalogFiltersRef,
  LotRef,
  LotSortEnum,
  LotTypeEnum,
  ProjectCardRef,
  ProjectKindEnum,
  parseDay,
  RebuildJobRef,
} from "./catalog-types.js";
import { limitAnonymousStorefront } from "./storefront-rate-limit.js";

const LotFilterInput = builder.inputType("LotFilter", {
  description: "Every field narrows the feed; lists match any of their values (at most 50 each).",
  fields: (t) => ({
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

function lotFilter(f: LotFilterArg | null | undefined) {
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
  };
}

const ProjectCardFilterInput = builder.inputType("ProjectCardFilter", {
  fields: (t) => ({
    regionIds: t.intList({ required: false }),
    cityIds: t.intList({ required: false }),
    developerIds: t.idList({ required: false }),
    kinds: t.field({ type: [ProjectKindEnum], required: false }),
  }),
});

const PUBLIC =
  "Public: readable without a token (anonymous callers are rate-limited per address: RATE_LIMITED). Only Published cards, ever.";

builder.queryField("lots", (t) =>
  t.connection({
    type: LotRef,
    description: `The storefront lots feed. ${PUBLIC} Keyset cursors on (sort value, id): pass endCursor as after; a cursor is valid for the sort it came from. Forward only, page size ≤ ${MAX_PAGE_SIZE}. Errors: CATALOG_INVALID_FILTER, CATALOG_INVALID_CURSOR.`,
    args: {
      filter: t.arg({ type: LotFilterInput, required: false }),
      sort: t.arg({ type: LotSortEnum, required: false, defaultValue: "NEWEST" }),
    },
    resolve: (_root, args, ctx) => {
      limitAnonymousStorefront(ctx);
      return connectionPage(() =>
        ctx.deps.services.catalog.reads.lotsPage(lotFilter(args.filter), args.sort ?? "NEWEST", args),
      );
    },
  }),
);

builder.queryField("catalogFilters", (t) =>
  t.field({
    type: CatalogFiltersRef,
    description: `Facets of the storefront — regions and cities of the published cards (projects and lots, newest name), room counts, price and area bounds of the published lots, each with its count of published lots under the given filter (each dimension ignores its own filter; a project without matching lots counts 0). ${PUBLIC}`,
    args: { filter: t.arg({ type: LotFilterInput, required: false }) },
    resolve: (_root, args, ctx) => {
      limitAnonymousStorefront(ctx);
      return connectionPage(() => ctx.deps.services.catalog.reads.catalogFilters(lotFilter(args.filter)));
    },
  }),
);

builder.queryField("projectCard", (t) =>
  t.field({
    type: ProjectCardRef,
    nullable: true,
    description: `One published project card; null when it does not exist or is not published. ${PUBLIC}`,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      limitAnonymousStorefront(ctx);
      return ctx.deps.services.catalog.reads.projectCard(String(args.id));
    },
  }),
);

builder.queryField("projectCards", (t) =>
  t.connection({
    type: ProjectCardRef,
    description: `Published project cards, newest first, keyset cursors on (publishedAt, id). ${PUBLIC} Errors: CATALOG_INVALID_FILTER, CATALOG_INVALID_CURSOR.`,
    args: { filter: t.arg({ type: ProjectCardFilterInput, required: false }) },
    resolve: (_root, args, ctx) => {
      limitAnonymousStorefront(ctx);
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
