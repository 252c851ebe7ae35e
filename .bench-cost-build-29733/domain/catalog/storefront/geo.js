import { Prisma } from "../../../generated/prisma/client.js";
import { invalidFilter } from "../catalog.errors.js";
const RADIUS_KM_MAX = 200;
const RADIUS_KM_MIN = 0.05;
const EARTH_RADIUS_M = 63710088e-1;
const KM_PER_DEGREE_LATITUDE = 111.32;
const MERCATOR_LATITUDE_MAX = 85.05112878;
const finite = (v) => typeof v === "number" && Number.isFinite(v);
const latitudeOk = (v) => finite(v) && v >= -90 && v <= 90;
const longitudeOk = (v) => finite(v) && v >= -180 && v <= 180;
function validateBoundingBox(field, b) {
  if (b === null || b === void 0) return null;
  if (!latitudeOk(b.south) || !latitudeOk(b.north)) throw invalidFilter(field, "latitudes in -90..90");
  if (!longitudeOk(b.west) || !longitudeOk(b.east)) throw invalidFilter(field, "longitudes in -180..180");
  if (b.south > b.north) throw invalidFilter(field, "south must not exceed north");
  if (b.west > b.east) throw invalidFilter(field, "west must not exceed east (no antimeridian crossing)");
  return { south: b.south, west: b.west, north: b.north, east: b.east };
}
function validateNear(n) {
  if (n === null || n === void 0) return null;
  if (!latitudeOk(n.latitude) || !longitudeOk(n.longitude))
    throw invalidFilter("near", "latitude in -90..90, longitude in -180..180");
  if (!finite(n.radiusKm) || n.radiusKm < RADIUS_KM_MIN || n.radiusKm > RADIUS_KM_MAX)
    throw invalidFilter("near", `radiusKm in ${RADIUS_KM_MIN}..${RADIUS_KM_MAX}`);
  return { latitude: n.latitude, longitude: n.longitude, radiusKm: n.radiusKm };
}
function boxAround(n) {
  const dLat = n.radiusKm / KM_PER_DEGREE_LATITUDE;
  const cos = Math.cos(n.latitude * Math.PI / 180);
  const dLon = cos < 1e-6 ? 180 : Math.min(180, n.radiusKm / (KM_PER_DEGREE_LATITUDE * cos));
  return {
    south: Math.max(-90, n.latitude - dLat),
    north: Math.min(90, n.latitude + dLat),
    west: Math.max(-180, n.longitude - dLon),
    east: Math.min(180, n.longitude + dLon)
  };
}
function distanceMetresSql(n, alias = null) {
  const q = alias ? `${alias}.` : "";
  const lat = Prisma.raw(`${q}geo_latitude::float8`);
  const lon = Prisma.raw(`${q}geo_longitude::float8`);
  return Prisma.sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(${lat} - ${n.latitude}::float8) / 2), 2)
    + cos(radians(${n.latitude}::float8)) * cos(radians(${lat}))
      * power(sin(radians(${lon} - ${n.longitude}::float8) / 2), 2))))`;
}
function boxSql(b) {
  return Prisma.sql`geo_latitude BETWEEN ${b.south}::numeric AND ${b.north}::numeric
    AND geo_longitude BETWEEN ${b.west}::numeric AND ${b.east}::numeric`;
}
function nearSql(n) {
  return Prisma.sql`${boxSql(boxAround(n))} AND ${distanceMetresSql(n)} <= ${n.radiusKm * 1e3}::float8`;
}
export {
  MERCATOR_LATITUDE_MAX,
  RADIUS_KM_MAX,
  RADIUS_KM_MIN,
  boxAround,
  boxSql,
  distanceMetresSql,
  nearSql,
  validateBoundingBox,
  validateNear
};
//# sourceMappingURL=geo.js.map
