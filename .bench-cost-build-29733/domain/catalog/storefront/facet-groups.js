import { Prisma } from "../../../generated/prisma/client.js";
async function rebuildDirtyFacetGroups(db, batchSize) {
  const [row] = await db.$queryRaw(Prisma.sql`
    WITH taken AS (
      DELETE FROM catalog.lot_facet_dirty WHERE project_id IN (
        SELECT project_id FROM catalog.lot_facet_dirty ORDER BY since, project_id
        LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
      RETURNING project_id
    ), gone AS (
      DELETE FROM catalog.lot_facet_groups g USING taken t WHERE g.project_id = t.project_id
    ), added AS (
      INSERT INTO catalog.lot_facet_groups (project_id, project_document, region_id, region_name, city_id,
        city_name, rooms_count, property_class, construction_status, developer_id, developer_name,
        project_name, quarter, n, price_min, price_max, area_total_min, area_total_max, price_per_meter_min,
        price_per_meter_max, floor_min, floor_max)
      SELECT c.project_id,
        catalog.project_part_document(c.project_name, c.developer_name, c.address, c.city_name, c.region_name),
        c.region_id, min(c.region_name), c.city_id, min(c.city_name), c.rooms_count, c.property_class,
        c.construction_status, c.developer_id, min(c.developer_name), min(c.project_name),
        date_trunc('quarter', c.delivery_date::timestamp), count(*), min(c.price), max(c.price),
        min(c.area_total), max(c.area_total), min(c.price_per_meter), max(c.price_per_meter), min(c.floor),
        max(c.floor)
      FROM catalog.property_object_cards c JOIN taken t ON t.project_id = c.project_id
      WHERE c.status = 'Published'
      GROUP BY c.project_id,
        catalog.project_part_document(c.project_name, c.developer_name, c.address, c.city_name, c.region_name),
        c.region_id, c.city_id, c.rooms_count, c.property_class, c.construction_status, c.developer_id,
        date_trunc('quarter', c.delivery_date::timestamp)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM taken) AS projects, (SELECT count(*) FROM added) AS groups`);
  return { projects: Number(row?.projects ?? 0), groups: Number(row?.groups ?? 0) };
}
async function countDirtyFacetProjects(db) {
  const [row] = await db.$queryRaw`SELECT count(*) AS n FROM catalog.lot_facet_dirty`;
  return Number(row?.n ?? 0);
}
export {
  countDirtyFacetProjects,
  rebuildDirtyFacetGroups
};
//# sourceMappingURL=facet-groups.js.map
