/**
 * Map search on the project's coordinates (denormalised onto every lot card as geo_latitude /
 * geo_longitude): a viewport (bounding box), a radius around a point, the distance to it, and the
 * grid cells of map clusters. Validation and the radius's bounding box are pure; the SQL uses the
 * partial (latitude, longitude) index for the box and the haversine formula for the exact test.
 */
import { Prisma } from "../../../generated/prisma/client.js";
import { invalidFilter } from "../catalog.errors.js";

export interface BoundingBox {
  readonly south: number;
  readonly west: number;
  readonly north: number;
  readonly east: number;
}

export interface NearPoint {
  readonly latitude: number;
  readonly longitude: number;
  readonly radiusKm: number;
}

export const RADIUS_KM_MAX = 200;
export const RADIUS_KM_MIN = 0.05;
const EARTH_RADIUS_M = 6_371_008.8;
const KM_PER_DEGREE_LATITUDE = 111.32;
/** Web-mercator's latitude limit: cells beyond it do not exist on a map. */
export const MERCATOR_LATITUDE_MAX = 85.05112878;

const finite = (v: number) => typeof v === "number" && Number.isFinite(v);
const latitudeOk = (v: number) => finite(v) && v >= -90 && v <= 90;
const longitudeOk = (v: number) => finite(v) && v >= -180 && v <= 180;

/** A viewport; it may not cross the antimeridian (west ≤ east): split such a view in two. */
export function validateBoundingBox(field: string, b: BoundingBox | null | undefined): BoundingBox | null {
  if (b === null || b === undefined) return null;
  if (!latitudeOk(b.south) || !latitudeOk(b.north)) throw invalidFilter(field, "latitudes in -90..90");
  if (!longitudeOk(b.west) || !longitudeOk(b.east)) throw invalidFilter(field, "longitudes in -180..180");
  if (b.south > b.north) throw invalidFilter(field, "south must not exceed north");
  if (b.west > b.east) throw invalidFilter(field, "west must not exceed east (no antimeridian crossing)");
  return { south: b.south, west: b.west, north: b.north, east: b.east };
}

export function validateNear(n: NearPoint | null | undefined): NearPoint | null {
  if (n === null || n === undefined) return null;
  if (!latitudeOk(n.latitude) || !longitudeOk(n.longitude))
    throw invalidFilter("near", "latitude in -90..90, longitude in -180..180");
  if (!finite(n.radiusKm) || n.radiusKm < RADIUS_KM_MIN || n.radiusKm > RADIUS_KM_MAX)
    throw invalidFilter("near", `radiusKm in ${RADIUS_KM_MIN}..${RADIUS_KM_MAX}`);
  return { latitude: n.latitude, longitude: n.longitude, radiusKm: n.radiusKm };
}

/** The box that contains the circle (a cheap index range before the exact distance test). */
export function boxAround(n: NearPoint): BoundingBox {
  const dLat = n.radiusKm / KM_PER_DEGREE_LATITUDE;
  const cos = Math.cos((n.latitude * Math.PI) / 180);
  const dLon = cos < 1e-6 ? 180 : Math.min(180, n.radiusKm / (KM_PER_DEGREE_LATITUDE * cos));
  return {
    south: Math.max(-90, n.latitude - dLat),
    north: Math.min(90, n.latitude + dLat),
    west: Math.max(-180, n.longitude - dLon),
    east: Math.min(180, n.longitude + dLon),
  };
}

/** Great-circle distance in metres (haversine), as a float in SQL. */
export function distanceMetresSql(
  n: Pick<NearPoint, "latitude" | "longitude">,
  alias: string | null = null,
): Prisma.Sql {
  const q = alias ? `${alias}.` : "";
  const lat = Prisma.raw(`${q}geo_latitude::float8`);
  const lon = Prisma.raw(`${q}geo_longitude::float8`);
  return Prisma.sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(${lat} - ${n.latitude}::float8) / 2), 2)
    + cos(radians(${n.latitude}::float8)) * cos(radians(${lat}))
      * power(sin(radians(${lon} - ${n.longitude}::float8) / 2), 2))))`;
}

export function boxSql(b: BoundingBox): Prisma.Sql {
  return Prisma.sql`geo_latitude BETWEEN ${b.south}::numeric AND ${b.north}::numeric
    AND geo_longitude BETWEEN ${b.west}::numeric AND ${b.east}::numeric`;
}

/** Within the radius: the box (index) and the exact distance. */
export function nearSql(n: NearPoint): Prisma.Sql {
  return Prisma.sql`${boxSql(boxAround(n))} AND ${distanceMetresSql(n)} <= ${n.radiusKm * 1000}::float8`;
}
