import { PROPERTY_TYPES } from "../../../contracts/chessboard-events.js";
import { REBUILD_JOB_STATUSES } from "../../../domain/catalog/catalog.read-models.js";
import { LOT_SORTS } from "../../../domain/catalog/storefront/lots-page.js";
import {
  CARD_CONSTRUCTION_STATUSES,
  PROJECT_KINDS,
  PROPERTY_CLASSES
} from "../../../domain/catalog/vocabulary/card-vocabulary.js";
import { ValidationError } from "../../../platform/errors/domain-error.js";
import { builder } from "../../builder.js";
const isoDay = (d) => d ? d.toISOString().slice(0, 10) : null;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
function parseDay(field, value) {
  if (value === null || value === void 0) return null;
  const date = /* @__PURE__ */ new Date(`${value}T00:00:00Z`);
  if (!DAY.test(value) || Number.isNaN(date.getTime()))
    throw new ValidationError("CATALOG_INVALID_FILTER", `${field}: a date YYYY-MM-DD`, { field });
  return date;
}
const ProjectKindEnum = builder.enumType("CatalogProjectKind", {
  description: "Kind of project a catalog card belongs to.",
  values: PROJECT_KINDS
});
const LotTypeEnum = builder.enumType("CatalogLotType", {
  description: "chessboard's property type of a lot (null on lots whose source did not say: decision 0082)",
  values: PROPERTY_TYPES
});
const PropertyClassEnum = builder.enumType("CatalogPropertyClass", {
  description: "Market class of a catalog card's project, from Comfort up to Elite.",
  values: PROPERTY_CLASSES
});
const ConstructionStatusEnum = builder.enumType("CatalogConstructionStatus", {
  description: "Construction stage shown on a catalog card: Planned, InProgress, Commissioned.",
  values: CARD_CONSTRUCTION_STATUSES
});
const LotSortEnum = builder.enumType("LotSort", {
  description: "Order of the lots feed; ties broken by id. DELIVERY_ASC puts lots without a date last. RELEVANCE needs filter.q, DISTANCE needs filter.near (CATALOG_INVALID_FILTER otherwise).",
  values: LOT_SORTS
});
const RebuildJobStatusEnum = builder.enumType("ProjectionRebuildStatus", {
  description: "State of a projection rebuild job: Queued, Running, then Done or Failed.",
  values: REBUILD_JOB_STATUSES
});
const FacetValueRef = builder.objectRef("CatalogFacetValue").implement({
  description: "One value of a filter with the number of published lots it would show under the other filters.",
  fields: (t) => ({
    value: t.exposeInt("value", { description: "The id or number" }),
    label: t.exposeString("label", { nullable: true, description: "Display name; null when none" }),
    count: t.exposeInt("count", { description: "Lots it would show" })
  })
});
const BoundsRef = builder.objectRef("CatalogBounds").implement({
  description: "Range of one numeric facet over the lots matching the filter.",
  fields: (t) => ({
    min: t.field({
      type: "Decimal",
      nullable: true,
      description: "Smallest value; null when no matching lot has one",
      resolve: (b) => b.min
    }),
    max: t.field({
      type: "Decimal",
      nullable: true,
      description: "Largest value; null when no matching lot has one",
      resolve: (b) => b.max
    }),
    count: t.exposeInt("count", { description: "Matching lots that have a value" })
  })
});
const FacetKeyRef = builder.objectRef("CatalogFacetKey").implement({
  description: "One value (an enum name, an id or a YYYY-QN quarter) with its count under the other filters.",
  fields: (t) => ({
    value: t.exposeString("value", { description: "The enum name, id or YYYY-QN" }),
    label: t.exposeString("label", { nullable: true, description: "Display name; null when none" }),
    count: t.exposeInt("count", { description: "Lots it would show" })
  })
});
const CatalogFiltersRef = builder.objectRef("CatalogFilters").implement({
  description: "Facets of what is published: each dimension counts its values under every other filter of the request; `total` under all of them.",
  fields: (t) => ({
    total: t.exposeInt("total", { description: "Lots matching the whole filter" }),
    regions: t.field({ type: [FacetValueRef], resolve: (f) => [...f.regions], description: "Region ids" }),
    cities: t.field({ type: [FacetValueRef], resolve: (f) => [...f.cities], description: "City ids" }),
    rooms: t.field({
      type: [FacetValueRef],
      resolve: (f) => [...f.rooms],
      description: "Room counts (0 = studio)"
    }),
    price: t.field({ type: BoundsRef, resolve: (f) => f.price, description: "Price range, RUB" }),
    area: t.field({ type: BoundsRef, resolve: (f) => f.area, description: "Total area range, m\xB2" }),
    propertyClasses: t.field({
      type: [FacetKeyRef],
      resolve: (f) => [...f.propertyClasses],
      description: "CatalogPropertyClass names"
    }),
    constructionStatuses: t.field({
      type: [FacetKeyRef],
      resolve: (f) => [...f.constructionStatuses],
      description: "CatalogConstructionStatus names"
    }),
    developers: t.field({
      type: [FacetKeyRef],
      description: "The 100 developers with the most lots",
      resolve: (f) => [...f.developers]
    }),
    projects: t.field({
      type: [FacetKeyRef],
      description: "The 100 projects with the most lots",
      resolve: (f) => [...f.projects]
    }),
    deliveryQuarters: t.field({
      type: [FacetKeyRef],
      description: "Delivery quarters YYYY-QN (filter deliveryByQuarter ignored)",
      resolve: (f) => [...f.deliveryQuarters]
    }),
    pricePerMeter: t.field({
      type: BoundsRef,
      resolve: (f) => f.pricePerMeter,
      description: "Price per m\xB2 range, RUB"
    }),
    floors: t.field({ type: BoundsRef, resolve: (f) => f.floors, description: "Floor range" })
  })
});
const LotClusterRef = builder.objectRef("LotCluster").implement({
  description: "One map grid cell holding matching lots: where to draw the marker, how many, from what price.",
  fields: (t) => ({
    x: t.exposeInt("x", { description: "Web-mercator tile column at cellZoom" }),
    y: t.exposeInt("y", { description: "Web-mercator tile row at cellZoom" }),
    count: t.exposeInt("count", { description: "Matching lots in the cell" }),
    latitude: t.field({
      type: "Decimal",
      description: "Marker position: degrees, WGS 84",
      resolve: (c) => c.latitude
    }),
    longitude: t.field({
      type: "Decimal",
      description: "Marker position: degrees, WGS 84",
      resolve: (c) => c.longitude
    }),
    minPrice: t.field({
      type: "Decimal",
      description: "Lowest lot price in the cell",
      resolve: (c) => c.minPrice
    }),
    lotId: t.exposeID("lotId", { nullable: true, description: "The lot of a one-lot cell" })
  })
});
const LotClustersRef = builder.objectRef("LotClusters").implement({
  description: "The matching lots of a map viewport grouped into grid cells, densest first.",
  fields: (t) => ({
    zoom: t.exposeInt("zoom", { description: "The map zoom asked for" }),
    cellZoom: t.exposeInt("cellZoom", {
      description: "The grid's zoom: cell x/y are web-mercator tile numbers at it"
    }),
    total: t.exposeInt("total", { description: "Lots in the viewport under the filter" }),
    cells: t.field({
      type: [LotClusterRef],
      description: "Non-empty cells, densest first",
      resolve: (c) => [...c.cells]
    }),
    truncated: t.exposeBoolean("truncated", { description: "More cells existed than were returned" })
  })
});
const LotsRankingRef = builder.objectRef("LotsRanking").implement({
  description: "How a RELEVANCE page was ranked (decision 0480): at most candidatesMax matches \u2014 the newest \u2014 are ranked by relevance; the pages walk the best-ranked of them.",
  fields: (t) => ({
    candidatesMax: t.exposeInt("candidatesMax", { description: "At most this many matches are ranked" }),
    capped: t.exposeBoolean("capped", {
      description: "More lots match than were ranked: the RELEVANCE pages cover the newest candidatesMax matches only (the exact count is catalogFilters(filter).total)"
    })
  })
});
const CatalogSearchInfoRef = builder.objectRef("CatalogSearchInfo").implement({
  description: "What the catalog's text search (filter.q) can do on this server.",
  fields: (t) => ({
    typoTolerant: t.exposeBoolean("typoTolerant", {
      description: "Whether q forgives typos (pg_trgm with a Unicode ctype); otherwise full text only"
    })
  })
});
const SourceSnapshotRef = builder.objectRef("CatalogSourceSnapshot").implement({
  description: "What chessboard said last (before display overrides).",
  fields: (t) => ({
    contractVersion: t.exposeInt("contractVersion", { description: "Event contract version it came in" }),
    chessboardVersion: t.exposeInt("chessboardVersion", { description: "Chessboard version it reflects" }),
    name: t.exposeString("name", { nullable: true, description: "Project name; null on a lot" }),
    address: t.exposeString("address", { nullable: true, description: "Project address; null on a lot" }),
    title: t.exposeString("title", { nullable: true, description: "Lot title; null on a project" }),
    price: t.field({
      type: "Decimal",
      nullable: true,
      resolve: (s) => s.price,
      description: "Lot price, RUB; null on a project"
    }),
    badge: t.exposeString("badge", { nullable: true, description: "Lot badge; null when none" }),
    stars: t.exposeInt("stars", { nullable: true, description: "Hotel stars 0..5; null when none" }),
    deliveryDate: t.string({
      nullable: true,
      resolve: (s) => isoDay(s.deliveryDate),
      description: "YYYY-MM-DD; null when unknown"
    }),
    readinessPercent: t.exposeInt("readinessPercent", {
      nullable: true,
      description: "0..100; null when unknown"
    }),
    distanceMinutes: t.exposeInt("distanceMinutes", {
      nullable: true,
      description: "Minutes to transport; null when unknown"
    }),
    analyticsAsOf: t.field({
      type: "DateTime",
      nullable: true,
      description: "Project cards: the time of the invest-analytics figures on the card; null until invest-analytics fills it. Always null for a lot.",
      resolve: (s) => s.analyticsAsOf
    })
  })
});
const RebuildJobRef = builder.objectRef("ProjectionRebuild").implement({
  description: "A projection rebuild and its progress (processed of total ids).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The job's id" }),
    status: t.field({
      type: RebuildJobStatusEnum,
      resolve: (j) => j.status,
      description: "Where the job stands"
    }),
    total: t.exposeInt("total", { description: "Card ids to rebuild" }),
    processed: t.exposeInt("processed", { description: "Ids done so far" }),
    notFound: t.exposeInt("notFound", { description: "Ids that are neither a project nor a lot card" }),
    lotsChanged: t.exposeInt("lotsChanged", { description: "Lot cards it changed" }),
    projectsChanged: t.exposeInt("projectsChanged", { description: "Project cards it changed" }),
    requestedBy: t.exposeID("requestedBy", { description: "Who asked for it" }),
    createdAt: t.field({ type: "DateTime", resolve: (j) => j.createdAt, description: "When it was queued" }),
    finishedAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (j) => j.finishedAt,
      description: "When it ended; null while Queued or Running"
    }),
    error: t.exposeString("error", { nullable: true, description: "Why it Failed; null otherwise" })
  })
});
export {
  CatalogFiltersRef,
  CatalogSearchInfoRef,
  ConstructionStatusEnum,
  LotClustersRef,
  LotSortEnum,
  LotTypeEnum,
  LotsRankingRef,
  ProjectKindEnum,
  PropertyClassEnum,
  RebuildJobRef,
  RebuildJobStatusEnum,
  SourceSnapshotRef,
  isoDay,
  parseDay
};
//# sourceMappingURL=catalog-types.js.map
