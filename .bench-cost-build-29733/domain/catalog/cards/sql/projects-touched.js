async function projectsTouched(tx, targets) {
  const ids = new Set(targets.projectIds ?? []);
  const buildings = [...new Set(targets.buildingIds ?? [])];
  const lots = [...new Set(targets.propertyObjectIds ?? [])];
  if (buildings.length > 0 || lots.length > 0) {
    const rows = await tx.$queryRaw`
      SELECT DISTINCT project_id::text FROM catalog.property_object_cards
      WHERE building_id = ANY(${buildings}::uuid[]) OR id = ANY(${lots}::uuid[])
      UNION
      SELECT project_id::text FROM catalog.building_snapshots WHERE id = ANY(${buildings}::uuid[])`;
    for (const r of rows) ids.add(r.project_id);
  }
  return [...ids].sort();
}
export {
  projectsTouched
};
//# sourceMappingURL=projects-touched.js.map
