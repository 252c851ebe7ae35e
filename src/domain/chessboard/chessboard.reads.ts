import type { Db } from "../../platform/db/prisma-client.js";
import type { BuildingView, ProjectView } from "./chessboard.read-models.js";
import type { ChessboardGrid } from "./grid/chessboard-grid.js";
import { loadChessboardGrids } from "./grid/load-chessboard-grid.js";

/**
 * The chessboard read path. Any signed-in user may read any developer's structure and grid
 * (agents sell every developer's objects), so there is no visibility filter here; lists are small
 * (projects of a developer, buildings of a project) and unpaged.
 */
export function createChessboardReads(db: Db) {
  return {
    /** Grids of buildings, or of every building of a project, in a constant number of queries. */
    grids(where: { buildingIds: readonly string[] } | { projectId: string }): Promise<ChessboardGrid[]> {
      return loadChessboardGrids(db, where);
    },

    async grid(buildingId: string): Promise<ChessboardGrid | null> {
      const [grid] = await loadChessboardGrids(db, { buildingIds: [buildingId] });
      return grid ?? null;
    },

    /** Projects, optionally of one developer, newest first. */
    projects(filter: { developerId?: string | null }): Promise<ProjectView[]> {
      return db.chessboardProject.findMany({
        where: filter.developerId ? { tenantId: filter.developerId } : {},
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      });
    },

    /** Batch loader: buildings of each project by name. */
    async buildingsByProjectIds(projectIds: readonly string[]): Promise<BuildingView[][]> {
      const rows = await db.chessboardBuilding.findMany({
        where: { projectId: { in: [...projectIds] } },
        orderBy: [{ name: "asc" }, { id: "asc" }],
      });
      return projectIds.map((id) => rows.filter((r) => r.projectId === id));
    },
  };
}

export type ChessboardReads = ReturnType<typeof createChessboardReads>;
