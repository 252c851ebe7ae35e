import type { Infra } from "../../../platform/infra.js";
import { createPropertyObjectCommands } from "../property-object/property-object.commands.js";
import { createBuildingCommands } from "./building.commands.js";
import { createProjectCommands } from "./project.commands.js";

export type { BuildingInput, DeveloperInput, ProjectInput, PropertyObjectInput } from "./structure.types.js";

/**
 * Developer-staff commands on the structure, one set per aggregate in the crm style (load, check
 * access, pure decide, apply with the event through chessboard's own outbox in one transaction):
 * developer + project (project.commands.ts), building (building.commands.ts), property object
 * (property-object/property-object.commands.ts). The demo seed uses the same commands, so its
 * events are published too. Every command returns a read model (chessboard.read-models.ts).
 */
export function createChessboardStructure(deps: Pick<Infra, "db" | "clock">) {
  return {
    ...createProjectCommands(deps),
    ...createBuildingCommands(deps),
    ...createPropertyObjectCommands(deps),
  };
}

export type ChessboardStructure = ReturnType<typeof createChessboardStructure>;
