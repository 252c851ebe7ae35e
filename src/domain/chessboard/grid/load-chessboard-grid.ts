import type { PropertyObjectStatus } from "../../../contracts/chessboard-events.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import type { PropertyObjectRow } from "../property-object/property-object.row.js";
import { type ChessboardGrid, type GridCell, layoutGrid } from "./chessboard-grid.js";

const MONEY_SCALE = 2;

export function gridCellOf(row: PropertyObjectRow): GridCell {
  return {
    id: row.id,
    number: row.number,
    floor: row.floor,
    section: row.section,
    rooms: row.rooms,
    totalArea: Number(row.totalArea.toString()).toFixed(MONEY_SCALE),
    price: Number(row.price.toString()).toFixed(MONEY_SCALE),
    currency: row.currencyIsoCode,
    status: row.status as PropertyObjectStatus,
    propertyType: row.propertyType,
    reservedUntil: row.reservedUntil,
    bookedUntil: row.bookedUntil,
    version: row.version,
  };
}

/**
 * Grids of the given buildings (or of every building of a project) in a constant number of SQL
 * queries whatever the number of buildings and apartments: buildings with their projects, then all
 * their objects. Any signed-in user may read any grid (agents sell every developer's objects).
 */
export async function loadChessboardGrids(
  db: Db,
  where: { buildingIds: readonly string[] } | { projectId: string },
): Promise<ChessboardGrid[]> {
  const buildings = await db.chessboardBuilding.findMany({
    where: "projectId" in where ? { projectId: where.projectId } : { id: { in: [...where.buildingIds] } },
    include: { project: { select: { name: true } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  if (buildings.length === 0) return [];
  const objects = await db.chessboardPropertyObject.findMany({
    where: { buildingId: { in: buildings.map((b) => b.id) } },
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
    sections: layoutGrid(objects.filter((o) => o.buildingId === building.id).map(gridCellOf)),
  }));
}
