import { loadChessboardGrids } from "../../../domain/chessboard/grid/load-chessboard-grid.js";
import { builder } from "../../builder.js";
import { BuildingRef, ChessboardGridRef, ProjectRef } from "./chessboard-types.js";

builder.queryField("chessboard", (t) =>
  t.field({
    type: ChessboardGridRef,
    nullable: true,
    description:
      "The grid of a building (sections × floors × apartments with status, price, rooms, area, version) in one round trip and a constant number of SQL queries. Any signed-in user may read any developer's grid. null when the building does not exist.",
    authScopes: { authenticated: true },
    args: { buildingId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const [grid] = await loadChessboardGrids(ctx.deps.db, { buildingIds: [String(args.buildingId)] });
      return grid ?? null;
    },
  }),
);

builder.queryField("chessboardProjects", (t) =>
  t.field({
    type: [ProjectRef],
    description: "Projects, optionally of one developer, newest first.",
    authScopes: { authenticated: true },
    args: { developerId: t.arg.id({ required: false }) },
    resolve: (_root, args, ctx) =>
      ctx.deps.db.chessboardProject.findMany({
        where: args.developerId ? { tenantId: String(args.developerId) } : {},
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      }),
  }),
);

builder.objectField(ProjectRef, "buildings", (t) =>
  t.loadableList({
    type: BuildingRef,
    description: "Buildings of the project (batched: one query for all projects of a response).",
    load: async (projectIds: string[], ctx) => {
      const rows = await ctx.deps.db.chessboardBuilding.findMany({
        where: { projectId: { in: projectIds } },
        orderBy: [{ name: "asc" }, { id: "asc" }],
      });
      return projectIds.map((id) => rows.filter((r) => r.projectId === id));
    },
    resolve: (project) => project.id,
  }),
);
