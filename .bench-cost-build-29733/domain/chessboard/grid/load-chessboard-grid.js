import { layoutGrid } from "./chessboard-grid.js";
const MONEY_SCALE = 2;
function gridCellOf(row) {
  return {
    id: row.id,
    number: row.number,
    floor: row.floor,
    section: row.section,
    rooms: row.rooms,
    totalArea: Number(row.totalArea.toString()).toFixed(MONEY_SCALE),
    price: Number(row.price.toString()).toFixed(MONEY_SCALE),
    currency: row.currencyIsoCode,
    status: row.status,
    propertyType: row.propertyType,
    reservedUntil: row.reservedUntil,
    bookedUntil: row.bookedUntil,
    version: row.version
  };
}
async function loadChessboardGrids(db, where) {
  const buildings = await db.chessboardBuilding.findMany({
    where: "projectId" in where ? { projectId: where.projectId } : { id: { in: [...where.buildingIds] } },
    include: { project: { select: { name: true } } },
    orderBy: [{ name: "asc" }, { id: "asc" }]
  });
  if (buildings.length === 0) return [];
  const objects = await db.chessboardPropertyObject.findMany({
    where: { buildingId: { in: buildings.map((b) => b.id) } }
  });
  return buildings.map((building) => ({
    buildingId: building.id,
    buildingName: building.name,
    buildingStatus: building.status,
    projectId: building.projectId,
    projectName: building.project.name,
    tenantId: building.tenantId,
    floorsTotal: building.floorsTotal,
    sectionsCount: building.sectionsCount,
    sections: layoutGrid(objects.filter((o) => o.buildingId === building.id).map(gridCellOf))
  }));
}
export {
  gridCellOf,
  loadChessboardGrids
};
//# sourceMappingURL=load-chessboard-grid.js.map
