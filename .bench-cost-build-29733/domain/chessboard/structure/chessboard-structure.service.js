import { createPropertyObjectCommands } from "../property-object/property-object.commands.js";
import { createBuildingCommands } from "./building.commands.js";
import { createProjectCommands } from "./project.commands.js";
function createChessboardStructure(deps) {
  return {
    ...createProjectCommands(deps),
    ...createBuildingCommands(deps),
    ...createPropertyObjectCommands(deps)
  };
}
export {
  createChessboardStructure
};
//# sourceMappingURL=chessboard-structure.service.js.map
