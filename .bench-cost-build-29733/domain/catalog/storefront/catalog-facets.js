import { Prisma } from "../../../generated/prisma/client.js";
import { lotPredicate } from "./lot-filter.js";
const FACET_VALUES_MAX = 500;
const where = (f, without) => lotPredicate(f, without);
function values(rows) {
  return rows.filter((r) => r.key !== null).map((r) => ({ value: r.key, label: r.label, count: Number(r.n) }));
}
function projectWhere(f, without) {
  const parts = [Prisma.sql`status = 'Published'`];
  if (f.regionIds?.length && without !== "region")
    parts.push(Prisma.sql`region_id = ANY(${f.regionIds}::int[])`);
  if (f.cityIds?.length && without !== "city") parts.push(Prisma.sql`city_id = ANY(${f.cityIds}::int[])`);
  if (f.projectIds?.length) parts.push(Prisma.sql`id = ANY(${f.projectIds}::uuid[])`);
  if (f.developerIds?.length) parts.push(Prisma.sql`developer_id = ANY(${f.developerIds}::uuid[])`);
  if (f.kinds?.length) parts.push(Prisma.sql`kind = ANY(${f.kinds}::text[])`);
  return Prisma.join(parts, " AND ");
}
function geoFacet(db, f, dimension) {
  const id = Prisma.raw(dimension === "region" ? "region_id" : "city_id");
  const name = Prisma.raw(dimension === "region" ? "region_name" : "city_name");
  return db.$queryRaw`
    WITH lots AS (
      SELECT ${id} AS key, min(${name}) AS label, count(*) AS n
      FROM catalog.property_object_cards WHERE ${where(f, dimension)} AND ${id} IS NOT NULL
      GROUP BY ${id}),
    projects AS (
      SELECT DISTINCT ON (${id}) ${id} AS key, ${name} AS label
      FROM catalog.project_cards WHERE ${projectWhere(f, dimension)} AND ${id} IS NOT NULL
      ORDER BY ${id}, chessboard_synced_at DESC, id)
    SELECT coalesce(p.key, l.key) AS key, coalesce(p.label, l.label) AS label, coalesce(l.n, 0) AS n
    FROM projects p FULL JOIN lots l ON l.key = p.key
    ORDER BY label NULLS LAST, key LIMIT ${FACET_VALUES_MAX}`;
}
async function readCatalogFilters(db, f) {
  const [total, regions, cities, rooms, price, area] = await Promise.all([
    db.$queryRaw`
      SELECT count(*) AS n FROM catalog.property_object_cards WHERE ${where(f, null)}`,
    geoFacet(db, f, "region"),
    geoFacet(db, f, "city"),
    db.$queryRaw`
      SELECT rooms_count AS key, NULL::text AS label, count(*) AS n
      FROM catalog.property_object_cards WHERE ${where(f, "rooms")}
      GROUP BY rooms_count ORDER BY key`,
    bounds(db, Prisma.raw("price"), where(f, "price")),
    bounds(db, Prisma.raw("area_total"), where(f, "area"))
  ]);
  return {
    total: Number(total[0]?.n ?? 0),
    regions: values(regions),
    cities: values(cities),
    rooms: values(rooms).map((r) => ({ ...r, label: null })),
    price,
    area
  };
}
async function bounds(db, column, predicate) {
  const [row] = await db.$queryRaw`
    SELECT min(${column})::text AS min, max(${column})::text AS max, count(*) AS n
    FROM catalog.property_object_cards WHERE ${predicate}`;
  return { min: row?.min ?? null, max: row?.max ?? null, count: Number(row?.n ?? 0) };
}
export {
  FACET_VALUES_MAX,
  projectWhere,
  readCatalogFilters
};
//# sourceMappingURL=catalog-facets.js.map
