/**
 * The storefront filter of lots, validated (hostile input: list sizes, ranges) and turned into one
 * SQL predicate over catalog.property_object_cards. Every predicate starts with
 * `status = 'Published'`: the feed never shows anything else, whatever the filter says.
 */
import { PROPERTY_TYPES, type PropertyType } from "../../../contracts/chessboard-events.js";
import { Prisma } from "../../../generated/prisma/client.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { invalidFilter } from "../catalog.errors.js";
import { PROJECT_KINDS, type ProjectKind } from "../sync/mapping.js";

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
}

/** The facet dimensions a filter can leave out (its own values are counted without it). */
export type FacetDimension = "region" | "city" | "rooms" | "price" | "area";

export const FILTER_LIST_MAX = 50;
export const ROOMS_MAX = 20;
const MONEY_MAX = 1e12;
const AREA_MAX = 100_000;
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
  };
}

/**
 * The WHERE clause (Published first). `without` drops one dimension: a facet counts its own values
 * under every other filter, so choosing "Moscow" still shows how many lots "Kazan" would have.
 */
export function lotPredicate(f: LotFilter, without: FacetDimension | null = null): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`status = 'Published'`];
  if (f.regionIds?.length && without !== "region")
    parts.push(Prisma.sql`region_id = ANY(${f.regionIds}::int[])`);
  if (f.cityIds?.length && without !== "city") parts.push(Prisma.sql`city_id = ANY(${f.cityIds}::int[])`);
  if (f.projectIds?.length) parts.push(Prisma.sql`project_id = ANY(${f.projectIds}::uuid[])`);
  if (f.developerIds?.length) parts.push(Prisma.sql`developer_id = ANY(${f.developerIds}::uuid[])`);
  if (f.rooms?.length && without !== "rooms") parts.push(Prisma.sql`rooms_count = ANY(${f.rooms}::int[])`);
  if (without !== "price") {
    if (f.priceMin) parts.push(Prisma.sql`price >= ${f.priceMin}::numeric`);
    if (f.priceMax) parts.push(Prisma.sql`price <= ${f.priceMax}::numeric`);
  }
  if (without !== "area") {
    if (f.areaMin) parts.push(Prisma.sql`area_total >= ${f.areaMin}::numeric`);
    if (f.areaMax) parts.push(Prisma.sql`area_total <= ${f.areaMax}::numeric`);
  }
  if (f.deliveryBy) parts.push(Prisma.sql`delivery_date <= ${f.deliveryBy}::date`);
  if (f.kinds?.length) parts.push(Prisma.sql`project_kind = ANY(${f.kinds}::text[])`);
  if (f.types?.length) parts.push(Prisma.sql`property_type = ANY(${f.types}::text[])`);
  return Prisma.join(parts, " AND ");
}
