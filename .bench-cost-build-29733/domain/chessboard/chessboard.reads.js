import { loadChessboardGrids } from "./grid/load-chessboard-grid.js";
function createChessboardReads(db) {
  return {
    /** Grids of buildings, or of every building of a project, in a constant number of queries. */
    grids(where) {
      return loadChessboardGrids(db, where);
    },
    async grid(buildingId) {
      const [grid] = await loadChessboardGrids(db, { buildingIds: [buildingId] });
      return grid ?? null;
    },
    /** Projects, optionally of one developer, newest first. */
    projects(filter) {
      return db.chessboardProject.findMany({
        where: filter.developerId ? { tenantId: filter.developerId } : {},
        orderBy: [{ createdAt: "desc" }, { id: "asc" }]
      });
    },
    /** Batch loader: buildings of each project by name. */
    async buildingsByProjectIds(projectIds) {
      const rows = await db.chessboardBuilding.findMany({
        where: { projectId: { in: [...projectIds] } },
        orderBy: [{ name: "asc" }, { id: "asc" }]
      });
      return projectIds.map((id) => rows.filter((r) => r.projectId === id));
    }
  };
}
export {
  createChessboardReads
};
//# sourceMappingURL=chessboard.reads.js.map
