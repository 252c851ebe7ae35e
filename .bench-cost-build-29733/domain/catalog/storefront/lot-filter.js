import { PROPERTY_TYPES } from "../../../contracts/chessboard-events.js";
import { Prisma } from "../../../generated/prisma/client.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { invalidFilter } from "../catalog.errors.js";
import {
  CARD_CONSTRUCTION_STATUSES,
  PROJECT_KINDS,
  PROPERTY_CLASSES
} from "../vocabulary/card-vocabulary.js";
import {
  boxSql,
  nearSql,
  validateBoundingBox,
  validateNear
} from "./geo.js";
import { parseSearchQuery, searchMatchSql } from "./search-query.js";
const FILTER_LIST_MAX = 50;
const ROOMS_MAX = 20;
const MONEY_MAX = 1e12;
const AREA_MAX = 1e5;
const FLOOR_MIN = -10;
const FLOOR_MAX = 300;
const DISTANCE_MINUTES_MAX = 1e3;
const DELIVERY_YEAR_MIN = 2e3;
const DELIVERY_YEAR_MAX = 2100;
const DECIMAL = /^\d{1,13}(\.\d{1,2})?$/;
function list(field, values, check) {
  if (values === null || values === void 0) return null;
  if (values.length > FILTER_LIST_MAX) throw invalidFilter(field, `at most ${FILTER_LIST_MAX} values`);
  for (const v of values)
    if (!check(v)) throw invalidFilter(field, `invalid value ${String(v).slice(0, 40)}`);
  return [...new Set(values)];
}
function amount(field, value, max) {
  if (value === null || value === void 0) return null;
  if (!DECIMAL.test(value) || Number(value) > max) throw invalidFilter(field, `a decimal in 0..${max}`);
  return value;
}
const positiveId = (v) => Number.isSafeInteger(v) && v > 0;
function intIn(field, value, min, max) {
  if (value === null || value === void 0) return null;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidFilter(field, `an integer in ${min}..${max}`);
  return value;
}
function quarterOf(q) {
  if (q === null || q === void 0) return null;
  intIn("deliveryByQuarter.year", q.year, DELIVERY_YEAR_MIN, DELIVERY_YEAR_MAX);
  intIn("deliveryByQuarter.quarter", q.quarter, 1, 4);
  return { year: q.year, quarter: q.quarter };
}
function quarterEnd(q) {
  return new Date(Date.UTC(q.year, q.quarter * 3, 0));
}
function validateLotFilter(filter) {
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
  if (pricePerMeterMin !== null && pricePerMeterMax !== null && Number(pricePerMeterMin) > Number(pricePerMeterMax))
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
    kinds: list("kinds", f.kinds, (v) => PROJECT_KINDS.includes(v)),
    types: list("types", f.types, (v) => PROPERTY_TYPES.includes(v)),
    q: f.q ?? null,
    search: parseSearchQuery(f.q),
    bbox: validateBoundingBox("bbox", f.bbox),
    near: validateNear(f.near),
    floorMin,
    floorMax,
    notFirstFloor: f.notFirstFloor === true,
    notLastFloor: f.notLastFloor === true,
    propertyClasses: list(
      "propertyClasses",
      f.propertyClasses,
      (v) => PROPERTY_CLASSES.includes(v)
    ),
    constructionStatuses: list(
      "constructionStatuses",
      f.constructionStatuses,
      (v) => CARD_CONSTRUCTION_STATUSES.includes(v)
    ),
    deliveryByQuarter: quarterOf(f.deliveryByQuarter),
    readinessMin: intIn("readinessMin", f.readinessMin, 0, 100),
    distanceMinutesMax: intIn("distanceMinutesMax", f.distanceMinutesMax, 0, DISTANCE_MINUTES_MAX),
    pricePerMeterMin,
    pricePerMeterMax
  };
}
function lotPredicate(f, without = null) {
  return Prisma.join(
    lotPredicateParts(f).filter((p) => p.dimension === null || p.dimension !== without).map((p) => p.sql),
    " AND "
  );
}
function lotPredicateParts(f) {
  const parts = [];
  const add = (dimension, sql) => parts.push({ dimension, sql });
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
function searchParts(f) {
  const parts = [];
  const add = (dimension, sql) => parts.push({ dimension, sql });
  if (f.search) add(null, searchMatchSql(f.search));
  if (f.bbox) add(null, boxSql(f.bbox));
  if (f.near) add(null, nearSql(f.near));
  if (f.floorMin !== null && f.floorMin !== void 0) add("floor", Prisma.sql`floor >= ${f.floorMin}::int`);
  if (f.floorMax !== null && f.floorMax !== void 0) add("floor", Prisma.sql`floor <= ${f.floorMax}::int`);
  if (f.notFirstFloor) add(null, Prisma.sql`floor > 1`);
  if (f.notLastFloor) add(null, Prisma.sql`floor < floors_total`);
  if (f.propertyClasses?.length) add("class", Prisma.sql`property_class = ANY(${f.propertyClasses}::text[])`);
  if (f.constructionStatuses?.length)
    add("constructionStatus", Prisma.sql`construction_status = ANY(${f.constructionStatuses}::text[])`);
  if (f.deliveryByQuarter)
    add("delivery", Prisma.sql`delivery_date <= ${quarterEnd(f.deliveryByQuarter)}::date`);
  if (f.readinessMin !== null && f.readinessMin !== void 0)
    add(null, Prisma.sql`readiness_percent >= ${f.readinessMin}::int`);
  if (f.distanceMinutesMax !== null && f.distanceMinutesMax !== void 0)
    add(null, Prisma.sql`distance_minutes <= ${f.distanceMinutesMax}::int`);
  if (f.pricePerMeterMin) add("pricePerMeter", Prisma.sql`price_per_meter >= ${f.pricePerMeterMin}::numeric`);
  if (f.pricePerMeterMax) add("pricePerMeter", Prisma.sql`price_per_meter <= ${f.pricePerMeterMax}::numeric`);
  return parts;
}
function withTypoTolerance(f, enabled) {
  return f.search ? { ...f, search: { ...f.search, typoTolerant: enabled } } : f;
}
export {
  DELIVERY_YEAR_MAX,
  DELIVERY_YEAR_MIN,
  DISTANCE_MINUTES_MAX,
  FILTER_LIST_MAX,
  FLOOR_MAX,
  FLOOR_MIN,
  ROOMS_MAX,
  lotPredicate,
  lotPredicateParts,
  quarterEnd,
  validateLotFilter,
  withTypoTolerance
};
//# sourceMappingURL=lot-filter.js.map
