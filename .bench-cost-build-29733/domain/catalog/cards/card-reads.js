const toLotCardState = (row) => ({
  id: row.id,
  projectId: row.project_id,
  developerId: row.developer_id,
  status: row.status,
  chessboardVersion: Number(row.chessboard_version),
  rowVersion: row.row_version,
  layoutId: row.layout_id,
  layoutGroupId: row.layout_group_id,
  roomsCount: row.rooms_count,
  areaTotal: row.area_total,
  propertyType: row.property_type
});
async function readLotCardState(tx, id) {
  return (await readLotCardStates(tx, [id])).get(id) ?? null;
}
async function readLotCardStates(tx, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Map();
  const rows = await tx.$queryRaw`
    SELECT id::text, project_id::text, developer_id::text, status, chessboard_version, row_version,
           layout_id::text, layout_group_id::text, rooms_count, area_total::text, property_type
    FROM catalog.property_object_cards WHERE id = ANY(${ids}::uuid[])`;
  return new Map(rows.map((row) => [row.id, toLotCardState(row)]));
}
async function readLotOutcomes(tx, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Map();
  const rows = await tx.$queryRaw`
    SELECT id::text, status, price::text, source_price::text FROM catalog.property_object_cards
    WHERE id = ANY(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { status: r.status, price: r.price, sourcePrice: r.source_price }]));
}
async function readProjectForLots(tx, id) {
  return (await readProjectsForLots(tx, [id])).get(id) ?? null;
}
async function readProjectsForLots(tx, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Map();
  const rows = await tx.$queryRaw`
    SELECT id::text, developer_id::text, kind FROM catalog.project_cards WHERE id = ANY(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { developerId: r.developer_id, kind: r.kind }]));
}
async function readLotChangeStates(tx, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Map();
  const rows = await tx.$queryRaw`
    SELECT l.id::text, l.project_id::text, l.developer_id::text, l.status, l.chessboard_version, l.row_version,
           l.layout_id::text, l.layout_group_id::text, l.rooms_count, l.area_total::text, l.property_type,
           l.property_object_status, l.source_price::text, p.status AS project_status
    FROM catalog.property_object_cards l LEFT JOIN catalog.project_cards p ON p.id = l.project_id
    WHERE l.id = ANY(${ids}::uuid[])`;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        card: toLotCardState(row),
        objectStatus: row.property_object_status,
        sourcePrice: row.source_price,
        projectStatus: row.project_status
      }
    ])
  );
}
export {
  readLotCardState,
  readLotCardStates,
  readLotChangeStates,
  readLotOutcomes,
  readProjectForLots,
  readProjectsForLots
};
//# sourceMappingURL=card-reads.js.map
