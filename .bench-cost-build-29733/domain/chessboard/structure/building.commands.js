import { randomUUID } from "node:crypto";
import { applySaleState } from "../property-object/apply-sale-state.js";
import { saleStateOf } from "../property-object/property-object.row.js";
import {
  decideBuildingColumns,
  decideBuildingHidden,
  decideBuildingStatusOnUpdate
} from "./building.decide.js";
import { assertMayEditTenant } from "./structure.access.js";
import { enqueueBuildingUpserted } from "./structure.events.js";
import { buildingOrThrow, projectOrThrow } from "./structure.load.js";
async function lockObjectsOf(tx, buildingId) {
  const ids = await tx.$queryRaw`
    SELECT id FROM chessboard.property_objects WHERE building_id = ${buildingId}::uuid ORDER BY id FOR UPDATE`;
  return tx.chessboardPropertyObject.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
}
function createBuildingCommands({ db, clock }) {
  return {
    async createBuilding(viewer, input) {
      const columns = decideBuildingColumns(input);
      return db.$transaction(async (tx) => {
        const project = await projectOrThrow(tx, input.projectId);
        assertMayEditTenant(viewer, project.tenantId);
        const now = clock.now();
        const row = await tx.chessboardBuilding.create({
          data: {
            id: input.id ?? randomUUID(),
            tenantId: project.tenantId,
            projectId: project.id,
            status: input.status,
            ...columns,
            version: 1,
            createdAt: now,
            updatedAt: now
          }
        });
        await enqueueBuildingUpserted(tx, clock, row);
        return row;
      });
    },
    async updateBuilding(viewer, id, input) {
      const columns = decideBuildingColumns(input);
      return db.$transaction(async (tx) => {
        const existing = await buildingOrThrow(tx, id, true);
        assertMayEditTenant(viewer, existing.tenantId);
        const status = decideBuildingStatusOnUpdate(existing.status, input.status);
        if (status !== existing.status) {
          const building = { before: existing.status, after: status };
          for (const row2 of await lockObjectsOf(tx, id)) {
            await applySaleState(tx, clock, row2, saleStateOf(row2), "BuildingCascade", building);
          }
        }
        const row = await tx.chessboardBuilding.update({
          where: { id },
          data: { ...columns, status, version: { increment: 1 }, updatedAt: clock.now() }
        });
        await enqueueBuildingUpserted(tx, clock, row);
        return row;
      });
    },
    /**
     * Hides or shows a building. Hiding publishes a Hidden status for each of its objects (ASM-1);
     * refused while any object is on hold, so a live booking never disappears from the grid.
     */
    async setBuildingHidden(viewer, id, hidden) {
      return db.$transaction(async (tx) => {
        const building = await buildingOrThrow(tx, id, true);
        assertMayEditTenant(viewer, building.tenantId);
        const rows = await lockObjectsOf(tx, id);
        const decision = decideBuildingHidden(
          building.status,
          rows.map((r) => ({ id: r.id, status: r.status, state: saleStateOf(r) })),
          hidden
        );
        const rowById = new Map(rows.map((r) => [r.id, r]));
        const statuses = { before: building.status, after: decision.status ?? building.status };
        for (const { id: objectId, next } of decision.objects) {
          await applySaleState(tx, clock, rowById.get(objectId), next, "BuildingCascade", statuses);
        }
        if (!decision.status) return building;
        const after = await tx.chessboardBuilding.update({
          where: { id },
          data: { status: decision.status, version: { increment: 1 }, updatedAt: clock.now() }
        });
        await enqueueBuildingUpserted(tx, clock, after);
        return after;
      });
    }
  };
}
export {
  createBuildingCommands
};
//# sourceMappingURL=building.commands.js.map
