/**
 * The storefront filter of lots, validated (hostile input: list sizes, ranges) and turned into one
 * SQL predicate over catalog.property_object_cards. Every predicate starts with
 * `status = 'Published'`: the feed never shows anything else, whatever the filter says.
 */
import { PROPERTY_TYPES, type PropertyType } from "../../../contracts/chessboard-events.js";
import { Prisma } from "../../../generated/prisma/client.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { invalidFilter } from "../catalog.errors.js";
import {
  CARD_CONSTRUCTION_STATUSES,
  type CardConstructionStatus,
  PROJECT_KINDS,
  PROPERTY_CLASSES,
  type ProjectKind,
  type PropertyClass,
} from "../vocabulary/card-vocabulary.js";
import {
  type BoundingBox,
  boxSql,
  type NearPoint,
  nearSql,
  validateBoundingBox,
  validateNear,
} from "./geo.js";
import { parseSearchQuery, type SearchQuery, searchMatchSql } from "./search-query.js";

/** A delivery quarter: delivered by the quarter's last day. */
export interface DeliveryQuarter {
  readonly year: number;
  readonly quarter: number;
}

export interface LotFilter {
  readonly regionIds?: readonly number[] | null;
  readonly cityIds?: readonly number[] | null;
  readonly projectIds?: readonly string[] | null;
  readonly developerIds?: readonly string[] | null;
  readonly rooms?: readonly number[] | null;
  readonly priceMin?: string | null;
  readonly priceMax?: string | null;
  readonly areaMin?: string | null;
  readonly areaMax?: string | null;
  /** Delivery on or before this date (a lot without a delivery date does not match) */
  readonly deliveryBy?: Date | null;
  readonly kinds?: readonly ProjectKind[] | null;
  readonly types?: readonly PropertyType[] | null;
  /** The search box (validated into `search`; the trigram path is switched on by withTypoTolerance) */
  readonly q?: string | null;
  /** The validated query (set by validateLotFilter from `q`) */
  readonly search?: SearchQuery | null;
  /** The map viewport */
  readonly bbox?: BoundingBox | null;
  /** Within radiusKm of a point (also the origin of the DISTANCE sort) */
  readonly near?: NearPoint | null;
  readonly floorMin?: number | null;
  readonly floorMax?: number | null;
  /** Not on the first floor (floor > 1) */
  readonly notFirstFloor?: boolean | null;
  /** Not on the building's top floor (floor < floors_total; a lot whose building's height is unknown does not match) */
  readonly notLastFloor?: boolean | null;
  readonly propertyClasses?: readonly PropertyClass[] | null;
  readonly constructionStatuses?: readonly CardConstructionStatus[] | null;
  /** Delivered by the end of this quarter (a lot without a delivery date does not match) */
  readonly deliveryByQuarter?: DeliveryQuarter | null;
  /** Readiness percent at least this */
  readonly readinessMin?: number | null;
  /** Distance to transport in minutes at most this (a lot without it does not match) */
  readonly distanceMinutesMax?: number | null;
  readonly pricePerMeterMin?: string | null;
  readonly pricePerMeterMax?: string | null;
}

/** The facet dimensions a filter can leave out (its own values are counted without it). */
export type FacetDimension =
  | "region"
  | "city"
  | "rooms"
  | "price"
  | "area"
  | "class"
  | "constructionStatus"
  | "developer"
  | "project"
  | "delivery"
  | "pricePerMeter"
  | "floor";

export const FILTER_LIST_MAX = 50;
export const ROOMS_MAX = 20;
const MONEY_MAX = 1e12;
const AREA_MAX = 100_000;
export const FLOOR_MIN = -10;
export const FLOOR_MAX = 300;
export const DISTANCE_MINUTES_MAX = 1_000;
export const DELIVERY_YEAR_MIN = 2000;
export const DELIVERY_YEAR_MAX = 2100;
const DECIMAL = /^\d{1,13}(\.\d{1,2})?$/;

function list<T>(
  field: string,
  values: readonly T[] | null | undefined,
  check: (v: T) => boolean,
): T[] | null {
  if (values === null || values === undefined) return null;
  if (values.length > FILTER_LIST_MAX) throw invalidFilter(field, `at most ${FILTER_LIST_MAX} values`);
  for (const v of values)
    if (!check(v)) throw invalidFilter(field, `invalid value ${String(v).slice(0, 40)}`);
  return [...new Set(values)];
}

function amount(field: string, value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null;
  if (!DECIMAL.test(value) || Number(value) > max) throw invalidFilter(field, `a decimal in 0..${max}`);
  return value;
}

const positiveId = (v: number) => Number.isSafeInteger(v) && v > 0;

function intIn(field: string, value: number | null | undefined, min: number, max: number): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidFilter(field, `an integer in ${min}..${max}`);
  return value;
}

function quarterOf(q: DeliveryQuarter | null | undefined): DeliveryQuarter | null {
  if (q === null || q === undefined) return null;
  intIn("deliveryByQuarter.year", q.year, DELIVERY_YEAR_MIN, DELIVERY_YEAR_MAX);
  intIn("deliveryByQuarter.quarter", q.quarter, 1, 4);
  return { year: q.year, quarter: q.quarter };
}

/** The last day of a quarter, as a UTC date. */
export function quarterEnd(q: DeliveryQuarter): Date {
  return new Date(Date.UTC(q.year, q.quarter * 3, 0));
}

/** Validates and normalises a filter; throws CATALOG_INVALID_FILTER. */
export function validateLotFilter(filter: LotFilter | null | undefined): LotFilter {
  const f = filter ?? {};
  const priceMin = amount("priceMin", f.priceMin, MONEY_MAX);
  const priceMax = amount("priceMax", f.priceMax, MONEY_MAX);
  const areaMin = amount("areaMin", f.areaMin, AREA_MAX);
  const areaMax = amount("areaMax", f.areaMax, AREA_MAX);
  if (priceMin !== null && priceMax !== null && Number(priceMin) > Number(priceMax))
    throw invalidFilter("priceMin", "must not exceed priceMax");
  if (areaMin !== null && areaMax !== null && Number(areaMin) > Number(areaMax))
    throw invalidFilter("areaMin", "must not exceed areaMax");
  if (f.deliveryBy && Number.isNaN(f.deliveryBy.getTime())) throw invalidFilter("deliveryBy", "a date");
  const pricePerMeterMin = amount("pricePerMeterMin", f.pricePerMeterMin, MONEY_MAX);
  const pricePerMeterMax = amount("pricePerMeterMax", f.pricePerMeterMax, MONEY_MAX);
  if (
    pricePerMeterMin !== null &&
    pricePerMeterMax !== null &&
    Number(pricePerMeterMin) > Number(pricePerMeterMax)
  )
    throw invalidFilter("pricePerMeterMin", "must not exceed pricePerMeterMax");
  const floorMin = intIn("floorMin", f.floorMin, FLOOR_MIN, FLOOR_MAX);
  const floorMax = intIn("floorMax", f.floorMax, FLOOR_MIN, FLOOR_MAX);
  if (floorMin !== null && floorMax !== null && floorMin > floorMax)
    throw invalidFilter("floorMin", "must not exceed floorMax");
  return {
    regionIds: list("regionIds", f.regionIds, positiveId),
    cityIds: list("cityIds", f.cityIds, positiveId),
    projectIds: list("projectIds", f.projectIds, (v) => isUuid(v)),
    developerIds: list("developerIds", f.developerIds, (v) => isUuid(v)),
    rooms: list("rooms", f.rooms, (v) => Number.isInteger(v) && v >= 0 && v <= ROOMS_MAX),
    priceMin,
    priceMax,
    areaMin,
    areaMax,
    deliveryBy: f.deliveryBy ?? null,
    kinds: list("kinds", f.kinds, (v) => (PROJECT_KINDS as readonly string[]).includes(v)),
    types: list("types", f.types, (v) => (PROPERTY_TYPES as readonly string[]).includes(v)),
    q: f.q ?? null,
    search: parseSearchQuery(f.q),
    bbox: validateBoundingBox("bbox", f.bbox),
    near: validateNear(f.near),
    floorMin,
    floorMax,
    notFirstFloor: f.notFirstFloor === true,
    notLastFloor: f.notLastFloor === true,
    propertyClasses: list("propertyClasses", f.propertyClasses, (v) =>
      (PROPERTY_CLASSES as readonly string[]).includes(v),
    ),
    constructionStatuses: list("constructionStatuses", f.constructionStatuses, (v) =>
      (CARD_CONSTRUCTION_STATUSES as readonly string[]).includes(v),
    ),
    deliveryByQuarter: quarterOf(f.deliveryByQuarter),
    readinessMin: intIn("readinessMin", f.readinessMin, 0, 100),
    distanceMinutesMax: intIn("distanceMinutesMax", f.distanceMinutesMax, 0, DISTANCE_MINUTES_MAX),
    pricePerMeterMin,
    pricePerMeterMax,
  };
}

/** One condition of the filter and the facet dimension it belongs to (null: no facet leaves it out). */
export interface PredicatePart {
  readonly dimension: FacetDimension | null;
  readonly sql: Prisma.Sql;
}

/**
 * The WHERE clause (Published first). `without` drops one dimension: a facet counts its own values
 * under every other filter, so choosing "Moscow" still shows how many lots "Kazan" would have.
 */
export function lotPredicate(f: LotFilter, without: FacetDimension | null = null): Prisma.Sql {
  return Prisma.join(
    lotPredicateParts(f)
      .filter((p) => p.dimension === null || p.dimension !== without)
      .map((p) => p.sql),
    " AND ",
  );
}

/** The filter's conditions, each tagged with its facet dimension (the shared facet statement's flags). */
export function lotPredicateParts(f: LotFilter): PredicatePart[] {
  const parts: PredicatePart[] = [];
  const add = (dimension: FacetDimension | null, sql: Prisma.Sql) => parts.push({ dimension, sql });
  add(null, Prisma.sql`status = 'Published'`);
  if (f.regionIds?.length) add("region", Prisma.sql`region_id = ANY(${f.regionIds}::int[])`);
  if (f.cityIds?.length) add("city", Prisma.sql`city_id = ANY(${f.cityIds}::int[])`);
  if (f.projectIds?.length) add("project", Prisma.sql`project_id = ANY(${f.projectIds}::uuid[])`);
  if (f.developerIds?.length) add("developer", Prisma.sql`developer_id = ANY(${f.developerIds}::uuid[])`);
  if (f.rooms?.length) add("rooms", Prisma.sql`rooms_count = ANY(${f.rooms}::int[])`);
  if (f.priceMin) add("price", Prisma.sql`price >= ${f.priceMin}::numeric`);
  if (f.priceMax) add("price", Prisma.sql`price <= ${f.priceMax}::numeric`);
  if (f.areaMin) add("area", Prisma.sql`area_total >= ${f.areaMin}::numeric`);
  if (f.areaMax) add("area", Prisma.sql`area_total <= ${f.areaMax}::numeric`);
  if (f.deliveryBy) add("delivery", Prisma.sql`delivery_date <= ${f.deliveryBy}::date`);
  if (f.kinds?.length) add(null, Prisma.sql`project_kind = ANY(${f.kinds}::text[])`);
  if (f.types?.length) add(null, Prisma.sql`property_type = ANY(${f.types}::text[])`);
  parts.push(...searchParts(f));
  return parts;
}

/** The filters of issue 27 (search, map, floors, class, status, quarter, readiness, distance, price per metre). */
function searchParts(f: LotFilter): PredicatePart[] {
  const parts: PredicatePart[] = [];
  const add = (dimension: FacetDimension | null, sql: Prisma.Sql) => parts.push({ dimension, sql });
  if (f.search) add(null, searchMatchSql(f.search));
  if (f.bbox) add(null, boxSql(f.bbox));
  if (f.near) add(null, nearSql(f.near));
  if (f.floorMin !== null && f.floorMin !== undefined) add("floor", Prisma.sql`floor >= ${f.floorMin}::int`);
  if (f.floorMax !== null && f.floorMax !== undefined) add("floor", Prisma.sql`floor <= ${f.floorMax}::int`);
  if (f.notFirstFloor) add(null, Prisma.sql`floor > 1`);
  if (f.notLastFloor) add(null, Prisma.sql`floor < floors_total`);
  if (f.propertyClasses?.length) add("class", Prisma.sql`property_class = ANY(${f.propertyClasses}::text[])`);
  if (f.constructionStatuses?.length)
    add("constructionStatus", Prisma.sql`construction_status = ANY(${f.constructionStatuses}::text[])`);
  if (f.deliveryByQuarter)
    add("delivery", Prisma.sql`delivery_date <= ${quarterEnd(f.deliveryByQuarter)}::date`);
  if (f.readinessMin !== null && f.readinessMin !== undefined)
    add(null, Prisma.sql`readiness_percent >= ${f.readinessMin}::int`);
  if (f.distanceMinutesMax !== null && f.distanceMinutesMax !== undefined)
    add(null, Prisma.sql`distance_minutes <= ${f.distanceMinutesMax}::int`);
  if (f.pricePerMeterMin) add("pricePerMeter", Prisma.sql`price_per_meter >= ${f.pricePerMeterMin}::numeric`);
  if (f.pricePerMeterMax) add("pricePerMeter", Prisma.sql`price_per_meter <= ${f.pricePerMeterMax}::numeric`);
  return parts;
}

/** Turns the trigram (typo) path of the search on where the server supports it (decision 0361). */
export function withTypoTolerance(f: LotFilter, enabled: boolean): LotFilter {
  return f.search ? { ...f, search: { ...f.search, typoTolerant: enabled } } : f;
}
