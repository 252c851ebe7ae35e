import { TEXT_LIMITS, TEXT_PROBLEM_MESSAGES, textProblem } from "../../../platform/validation/text.js";
import { invalid } from "../chessboard.errors.js";
const ROOMS_MAX = 20;
const FLOOR_MIN = -5;
const NUMBER_MAX_LENGTH = 32;
const NAME_MAX_LENGTH = 256;
const QUARTERS = 4;
const PERCENT_MAX = 100;
const FLOORS_MAX = 200;
const SECTIONS_MAX = 50;
const OBJECTS_PER_BUILDING_MAX = 5e3;
const CAPACITY_MAX = 1e3;
const DISTANCE_MINUTES_MAX = 24 * 60;
const DELIVERY_YEAR_MIN = 1950;
const DELIVERY_YEAR_MAX = 2100;
const SHORT_DESCRIPTION_MAX_LENGTH = TEXT_LIMITS.long;
const MONEY_MAX = "999999999999.99";
const AREA_MAX = "99999999.99";
const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const GEO = /^-?\d{1,3}(\.\d{1,6})?$/;
const ISO_CODE = /^[A-Z]{2,3}$/;
const INT4_MAX = 2147483647;
function requireName(value, field, max = NAME_MAX_LENGTH) {
  const name = value.trim();
  const problem = textProblem(name, { max });
  if (problem) throw invalid(TEXT_PROBLEM_MESSAGES[problem](field, { max }), { field });
  return name;
}
function optionalText(value, field, max) {
  if (value === null || value === void 0) return null;
  const problem = textProblem(value, { max, multiline: true, min: 0 });
  if (problem) throw invalid(TEXT_PROBLEM_MESSAGES[problem](field, { max }), { field });
  return value.trim() === "" ? null : value;
}
function requireDecimal(value, field, { positive, max = MONEY_MAX }) {
  if (!DECIMAL.test(value))
    throw invalid(`${field} must be a decimal such as "12500000.00"`, { field, value: value.slice(0, 32) });
  if (positive && Number(value) <= 0) throw invalid(`${field} must be greater than 0`, { field, value });
  if (Number(value) > Number(max)) throw invalid(`${field} must be at most ${max}`, { field, value });
  return value;
}
function requireGeo(geo) {
  if (!geo) return;
  for (const [field, value, bound] of [
    ["latitude", geo.latitude, 90],
    ["longitude", geo.longitude, 180]
  ]) {
    if (!GEO.test(value) || Math.abs(Number(value)) > bound)
      throw invalid(`${field} must be a decimal within \xB1${bound} with at most 6 fraction digits`, { field });
  }
}
function requireRange(value, field, min, max) {
  if (value === null || value === void 0) return;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalid(`${field} must be ${min}..${max}`, { field, value });
}
function validateBuilding(input) {
  requireName(input.name, "name");
  requireRange(input.floorsTotal, "floorsTotal", 1, FLOORS_MAX);
  requireRange(input.sectionsCount, "sectionsCount", 1, SECTIONS_MAX);
  requireRange(input.deliveryYear, "deliveryYear", DELIVERY_YEAR_MIN, DELIVERY_YEAR_MAX);
  requireRange(input.deliveryQuarter, "deliveryQuarter", 1, QUARTERS);
  requireRange(input.readinessPercent, "readinessPercent", 0, PERCENT_MAX);
  if (input.addressLine !== null && input.addressLine !== void 0 && input.addressLine.trim() !== "")
    requireName(input.addressLine, "addressLine");
}
function validateProject(input) {
  requireName(input.name, "name");
  requireName(input.addressLine, "addressLine");
  requireRange(input.country.id, "country.id", 1, INT4_MAX);
  requireName(input.country.name, "country.name");
  if (!ISO_CODE.test(input.country.isoCode))
    throw invalid("country.isoCode must be 2\u20133 capital letters (ISO 3166)", { field: "country.isoCode" });
  for (const [field, ref] of [
    ["region", input.region],
    ["city", input.city]
  ]) {
    if (!ref) continue;
    requireRange(ref.id, `${field}.id`, 1, INT4_MAX);
    requireName(ref.name, `${field}.name`);
  }
  requireGeo(input.geo);
  requireRange(input.stars, "stars", 0, 5);
  requireRange(input.distanceMinutes, "distanceMinutes", 0, DISTANCE_MINUTES_MAX);
  optionalText(input.shortDescription, "shortDescription", SHORT_DESCRIPTION_MAX_LENGTH);
}
function requireRoomForObject(objectsInBuilding) {
  if (objectsInBuilding >= OBJECTS_PER_BUILDING_MAX)
    throw invalid(`a building holds at most ${OBJECTS_PER_BUILDING_MAX} property objects`, {
      field: "buildingId"
    });
}
function validatePropertyObject(input, building) {
  requireName(input.number, "number", NUMBER_MAX_LENGTH);
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
export {
  AREA_MAX,
  CAPACITY_MAX,
  DELIVERY_YEAR_MAX,
  DELIVERY_YEAR_MIN,
  DISTANCE_MINUTES_MAX,
  FLOORS_MAX,
  FLOOR_MIN,
  MONEY_MAX,
  NAME_MAX_LENGTH,
  NUMBER_MAX_LENGTH,
  OBJECTS_PER_BUILDING_MAX,
  PERCENT_MAX,
  QUARTERS,
  ROOMS_MAX,
  SECTIONS_MAX,
  SHORT_DESCRIPTION_MAX_LENGTH,
  optionalText,
  requireDecimal,
  requireGeo,
  requireName,
  requireRange,
  requireRoomForObject,
  validateBuilding,
  validateProject,
  validatePropertyObject
};
//# sourceMappingURL=structure.validation.js.map
