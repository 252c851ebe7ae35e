import { TEXT_LIMITS, TEXT_PROBLEM_MESSAGES, textProblem } from "../../../platform/validation/text.js";
import { invalid } from "../chessboard.errors.js";

export const ROOMS_MAX = 20;
export const FLOOR_MIN = -5;
export const NUMBER_MAX_LENGTH = 32;
export const NAME_MAX_LENGTH = 256;
export const QUARTERS = 4;
export const PERCENT_MAX = 100;

/**
 * Structural bounds (issue #13 item 1, decision 0140): what real buildings have, with headroom.
 * The tallest residential towers have ~100–160 floors; a Russian residential building has at most a
 * few dozen sections (entrances); a building of a few thousand units is already exceptional. The
 * grid is laid out from the objects that exist, so even these numbers never size a loop.
 */
export const FLOORS_MAX = 200;
export const SECTIONS_MAX = 50;
/** property objects of one building (apartments, parking places, commercial units) */
export const OBJECTS_PER_BUILDING_MAX = 5_000;
export const CAPACITY_MAX = 1_000;
export const DISTANCE_MINUTES_MAX = 24 * 60;
export const DELIVERY_YEAR_MIN = 1950;
export const DELIVERY_YEAR_MAX = 2100;
export const SHORT_DESCRIPTION_MAX_LENGTH = TEXT_LIMITS.long;
/** numeric(14,2): money */
export const MONEY_MAX = "999999999999.99";
/** numeric(10,2): areas, m² */
export const AREA_MAX = "99999999.99";
const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const GEO = /^-?\d{1,3}(\.\d{1,6})?$/;
const ISO_CODE = /^[A-Z]{2,3}$/;
/** PostgreSQL integer columns (ids of countries, regions, cities) */
const INT4_MAX = 2_147_483_647;

/** A one-line name, 1..NAME_MAX_LENGTH characters, without control characters. */
export function requireName(value: string, field: string, max: number = NAME_MAX_LENGTH): string {
  const name = value.trim();
  const problem = textProblem(name, { max });
  if (problem) throw invalid(TEXT_PROBLEM_MESSAGES[problem](field, { max }), { field });
  return name;
}

/** Optional multi-line text (descriptions). */
export function optionalText(value: string | null | undefined, field: string, max: number): string | null {
  if (value === null || value === undefined) return null;
  const problem = textProblem(value, { max, multiline: true, min: 0 });
  if (problem) throw invalid(TEXT_PROBLEM_MESSAGES[problem](field, { max }), { field });
  return value.trim() === "" ? null : value;
}

/** A non-negative decimal with at most 2 fraction digits that fits its numeric column (money, m²). */
export function requireDecimal(
  value: string,
  field: string,
  { positive, max = MONEY_MAX }: { positive: boolean; max?: string },
): string {
  if (!DECIMAL.test(value))
    throw invalid(`${field} must be a decimal such as "12500000.00"`, { field, value: value.slice(0, 32) });
  if (positive && Number(value) <= 0) throw invalid(`${field} must be greater than 0`, { field, value });
  if (Number(value) > Number(max)) throw invalid(`${field} must be at most ${max}`, { field, value });
  return value;
}

/** Latitude/longitude in numeric(9,6). */
export function requireGeo(geo: { latitude: string; longitude: string } | null | undefined): void {
  if (!geo) return;
  for (const [field, value, bound] of [
    ["latitude", geo.latitude, 90],
    ["longitude", geo.longitude, 180],
  ] as const) {
    if (!GEO.test(value) || Math.abs(Number(value)) > bound)
      throw invalid(`${field} must be a decimal within ±${bound} with at most 6 fraction digits`, { field });
  }
}

export function requireRange(
  value: number | null | undefined,
  field: string,
  min: number,
  max: number,
): void {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalid(`${field} must be ${min}..${max}`, { field, value });
}

export interface BuildingShape {
  readonly name: string;
  readonly floorsTotal: number;
  readonly sectionsCount: number;
  readonly deliveryYear?: number | null;
  readonly deliveryQuarter?: number | null;
  readonly readinessPercent?: number | null;
  readonly addressLine?: string | null;
}

/** A building's passport: every number bounded to what real buildings have. */
export function validateBuilding(input: BuildingShape): void {
  requireName(input.name, "name");
  requireRange(input.floorsTotal, "floorsTotal", 1, FLOORS_MAX);
  requireRange(input.sectionsCount, "sectionsCount", 1, SECTIONS_MAX);
  requireRange(input.deliveryYear, "deliveryYear", DELIVERY_YEAR_MIN, DELIVERY_YEAR_MAX);
  requireRange(input.deliveryQuarter, "deliveryQuarter", 1, QUARTERS);
  requireRange(input.readinessPercent, "readinessPercent", 0, PERCENT_MAX);
  if (input.addressLine !== null && input.addressLine !== undefined && input.addressLine.trim() !== "")
    requireName(input.addressLine, "addressLine");
}

export interface ProjectShape {
  readonly name: string;
  readonly country: { readonly id: number; readonly name: string; readonly isoCode: string };
  readonly region: { readonly id: number; readonly name: string } | null;
  readonly city: { readonly id: number; readonly name: string } | null;
  readonly addressLine: string;
  readonly geo?: { readonly latitude: string; readonly longitude: string } | null;
  readonly stars?: number | null;
  readonly shortDescription?: string | null;
  readonly distanceMinutes?: number | null;
}

/** A project's passport: names and references bounded, geo within numeric(9,6). */
export function validateProject(input: ProjectShape): void {
  requireName(input.name, "name");
  requireName(input.addressLine, "addressLine");
  requireRange(input.country.id, "country.id", 1, INT4_MAX);
  requireName(input.country.name, "country.name");
  if (!ISO_CODE.test(input.country.isoCode))
    throw invalid("country.isoCode must be 2–3 capital letters (ISO 3166)", { field: "country.isoCode" });
  for (const [field, ref] of [
    ["region", input.region],
    ["city", input.city],
  ] as const) {
    if (!ref) continue;
    requireRange(ref.id, `${field}.id`, 1, INT4_MAX);
    requireName(ref.name, `${field}.name`);
  }
  requireGeo(input.geo);
  requireRange(input.stars, "stars", 0, 5);
  requireRange(input.distanceMinutes, "distanceMinutes", 0, DISTANCE_MINUTES_MAX);
  optionalText(input.shortDescription, "shortDescription", SHORT_DESCRIPTION_MAX_LENGTH);
}

/** A building holds at most OBJECTS_PER_BUILDING_MAX objects. */
export function requireRoomForObject(objectsInBuilding: number): void {
  if (objectsInBuilding >= OBJECTS_PER_BUILDING_MAX)
    throw invalid(`a building holds at most ${OBJECTS_PER_BUILDING_MAX} property objects`, {
      field: "buildingId",
    });
}

export interface PropertyObjectShape {
  readonly number: string;
  readonly floor: number;
  readonly section: number | null;
  readonly rooms: number;
  readonly totalArea: string;
  readonly livingArea: string | null;
  readonly price: string;
  readonly capacity?: number | null;
  readonly windowViews?: readonly string[];
}

/** Passport rules of a property object within its building (the catalog's checks, enforced at the source). */
export function validatePropertyObject(
  input: PropertyObjectShape,
  building: { floorsTotal: number; sectionsCount: number },
) {
  requireName(input.number, "number", NUMBER_MAX_LENGTH);
  // Bounded by the building and by FLOORS_MAX/SECTIONS_MAX even for buildings stored before the bounds.
  requireRange(input.floor, "floor", FLOOR_MIN, Math.min(building.floorsTotal, FLOORS_MAX));
  requireRange(input.section, "section", 1, Math.min(building.sectionsCount, SECTIONS_MAX));
  requireRange(input.rooms, "rooms", 0, ROOMS_MAX);
  requireRange(input.capacity, "capacity", 0, CAPACITY_MAX);
  if (input.windowViews && new Set(input.windowViews).size !== input.windowViews.length)
    throw invalid("windowViews must not repeat a view", { field: "windowViews" });
  requireDecimal(input.totalArea, "totalArea", { positive: true, max: AREA_MAX });
  requireDecimal(input.price, "price", { positive: false });
  if (input.livingArea !== null) {
    requireDecimal(input.livingArea, "livingArea", { positive: true, max: AREA_MAX });
    if (Number(input.livingArea) > Number(input.totalArea))
      throw invalid("livingArea must not exceed totalArea");
  }
}
