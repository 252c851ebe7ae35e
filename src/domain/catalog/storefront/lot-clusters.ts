/**
 * Map clusters: the published lots of a viewport counted per web-mercator grid cell, computed in
 * SQL so a client draws thousands of lots from a few hundred rows. A cell is a quarter of a
 * 256-px tile side (cell zoom = zoom + 2: 4×4 cells per tile, ~64 px on screen). The densest
 * cells come first; at most CLUSTER_CELLS_MAX are returned (`truncated` says more existed).
 */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { invalidFilter } from "../catalog.errors.js";
import type { LotClustersView } from "../catalog.read-models.js";
import { type BoundingBox, boxSql, MERCATOR_LATITUDE_MAX, validateBoundingBox } from "./geo.js";
import { type LotFilter, lotPredicate } from "./lot-filter.js";

export const CLUSTER_ZOOM_MAX = 22;
export const CLUSTER_CELLS_MAX = 1_000;
const CELLS_PER_TILE_LOG2 = 2;

export function validateZoom(zoom: number): number {
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > CLUSTER_ZOOM_MAX)
    throw invalidFilter("zoom", `an integer in 0..${CLUSTER_ZOOM_MAX}`);
  return zoom;
}

interface CellRow {
  x: number;
  y: number;
  n: bigint;
  latitude: string;
  longitude: string;
  min_price: string;
  lot_id: string | null;
  total: bigint;
}

/** The statement (exported for the benchmark and the plan test). */
export function lotClustersSql(f: LotFilter, viewport: BoundingBox, zoom: number, limit: number): Prisma.Sql {
  const cellZoom = zoom + CELLS_PER_TILE_LOG2;
  return Prisma.sql`
    WITH pts AS (
      SELECT id, price, geo_latitude::float8 AS lat, geo_longitude::float8 AS lon,
        radians(least(greatest(geo_latitude::float8, ${-MERCATOR_LATITUDE_MAX}::float8),
                      ${MERCATOR_LATITUDE_MAX}::float8)) AS phi
      FROM catalog.property_object_cards
      WHERE ${lotPredicate(f)} AND geo_latitude IS NOT NULL AND ${boxSql(viewport)}
    ), cells AS (
      SELECT id, price, lat, lon,
        least(floor((lon + 180) / 360 * power(2, ${cellZoom}::int)), power(2, ${cellZoom}::int) - 1)::int AS x,
        least(floor((1 - ln(tan(phi) + 1 / cos(phi)) / pi()) / 2 * power(2, ${cellZoom}::int)),
              power(2, ${cellZoom}::int) - 1)::int AS y
      FROM pts
    )
    SELECT x, y, count(*) AS n, round(avg(lat)::numeric, 6)::text AS latitude,
      round(avg(lon)::numeric, 6)::text AS longitude, min(price)::text AS min_price,
      CASE WHEN count(*) = 1 THEN min(id::text) END AS lot_id,
      sum(count(*)) OVER () AS total
    FROM cells GROUP BY x, y
    ORDER BY n DESC, x, y
    LIMIT ${limit}`;
}

export async function readLotClusters(
  db: Db,
  f: LotFilter,
  viewportInput: BoundingBox,
  zoomInput: number,
): Promise<LotClustersView> {
  const viewport = validateBoundingBox("viewport", viewportInput) as BoundingBox;
  const zoom = validateZoom(zoomInput);
  const rows = await db.$queryRaw<CellRow[]>(lotClustersSql(f, viewport, zoom, CLUSTER_CELLS_MAX + 1));
  const cells = rows.slice(0, CLUSTER_CELLS_MAX).map((r) => ({
    x: r.x,
    y: r.y,
    count: Number(r.n),
    latitude: r.latitude,
    longitude: r.longitude,
    minPrice: r.min_price,
    lotId: r.lot_id,
  }));
  return {
    zoom,
    cellZoom: zoom + CELLS_PER_TILE_LOG2,
    total: Number(rows[0]?.total ?? 0),
    cells,
    truncated: rows.length > CLUSTER_CELLS_MAX,
  };
}
