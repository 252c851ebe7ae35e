import { builder } from "../../builder.js";
import { BuildingRef, ChessboardGridRef, ProjectRef } from "./chessboard-types.js";
builder.queryField(
  "chessboard",
  (t) => t.field({
    type: ChessboardGridRef,
    nullable: true,
    description: "The grid of a building (sections \xD7 floors \xD7 apartments with status, price, rooms, area, version) in one round trip and a constant number of SQL queries. Any signed-in user may read any developer's grid. null when the building does not exist.",
    authScopes: { authenticated: true },
    args: { buildingId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.chessboard.reads.grid(String(args.buildingId))
  })
);
builder.queryField(
  "chessboardProjects",
  (t) => t.field({
    type: [ProjectRef],
    description: "Projects, optionally of one developer, newest first.",
    authScopes: { authenticated: true },
    args: { developerId: t.arg.id({ required: false }) },
    resolve: (_root, args, ctx) => ctx.deps.services.chessboard.reads.projects({
      developerId: args.developerId ? String(args.developerId) : null
    })
  })
);
builder.objectField(
  ProjectRef,
  "buildings",
  (t) => t.loadableList({
    type: BuildingRef,
    description: "Buildings of the project (batched: one query for all projects of a response).",
    load: (projectIds, ctx) => ctx.deps.services.chessboard.reads.buildingsByProjectIds(projectIds),
    resolve: (project) => project.id
  })
);
//# sourceMappingURL=chessboard-queries.js.map
