import { Prisma } from "../../../generated/prisma/client.js";
import { invalidFilter } from "../catalog.errors.js";
import { boxSql, MERCATOR_LATITUDE_MAX, validateBoundingBox } from "./geo.js";
import { lotPredicate } from "./lot-filter.js";
const CLUSTER_ZOOM_MAX = 22;
const CLUSTER_CELLS_MAX = 1e3;
const CELLS_PER_TILE_LOG2 = 2;
function validateZoom(zoom) {
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > CLUSTER_ZOOM_MAX)
    throw invalidFilter("zoom", `an integer in 0..${CLUSTER_ZOOM_MAX}`);
  return zoom;
}
function lotClustersSql(f, viewport, zoom, limit) {
  const cellZoom = zoom + CELLS_PER_TILE_LOG2;
  return Prisma.sql`
    WITH pts AS (
      SELECT geo_latitude AS lat, geo_longitude AS lon, count(*) AS n, min(price) AS min_price,
        CASE WHEN count(*) = 1 THEN min(id::text) END AS lot_id,
        radians(least(greatest(geo_latitude::float8, ${-MERCATOR_LATITUDE_MAX}::float8),
                      ${MERCATOR_LATITUDE_MAX}::float8)) AS phi
      FROM catalog.property_object_cards
      WHERE ${lotPredicate(f)} AND geo_latitude IS NOT NULL AND ${boxSql(viewport)}
      GROUP BY geo_latitude, geo_longitude
    ), cells AS (
      SELECT n, min_price, lot_id, lat, lon,
        least(floor((lon::float8 + 180) / 360 * power(2, ${cellZoom}::int)), power(2, ${cellZoom}::int) - 1)::int AS x,
        least(floor((1 - ln(tan(phi) + 1 / cos(phi)) / pi()) / 2 * power(2, ${cellZoom}::int)),
              power(2, ${cellZoom}::int) - 1)::int AS y
      FROM pts
    )
    SELECT x, y, sum(n)::bigint AS n, round(sum(lat * n) / sum(n), 6)::text AS latitude,
      round(sum(lon * n) / sum(n), 6)::text AS longitude, min(min_price)::text AS min_price,
      CASE WHEN sum(n) = 1 THEN min(lot_id) END AS lot_id,
      sum(sum(n)) OVER ()::bigint AS total
    FROM cells GROUP BY x, y
    ORDER BY 3 DESC, x, y
    LIMIT ${limit}`;
}
async function readLotClusters(db, f, viewportInput, zoomInput) {
  const viewport = validateBoundingBox("viewport", viewportInput);
  const zoom = validateZoom(zoomInput);
  const rows = await db.$queryRaw(lotClustersSql(f, viewport, zoom, CLUSTER_CELLS_MAX + 1));
  const cells = rows.slice(0, CLUSTER_CELLS_MAX).map((r) => ({
    x: r.x,
    y: r.y,
    count: Number(r.n),
    latitude: r.latitude,
    longitude: r.longitude,
    minPrice: r.min_price,
    lotId: r.lot_id
  }));
  return {
    zoom,
    cellZoom: zoom + CELLS_PER_TILE_LOG2,
    total: Number(rows[0]?.total ?? 0),
    cells,
    truncated: rows.length > CLUSTER_CELLS_MAX
  };
}
export {
  CLUSTER_CELLS_MAX,
  CLUSTER_ZOOM_MAX,
  lotClustersSql,
  readLotClusters,
  validateZoom
};
//# sourceMappingURL=lot-clusters.js.map
