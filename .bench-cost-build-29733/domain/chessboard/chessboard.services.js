import { createChessboardReads } from "./chessboard.reads.js";
import {
  createChessboardStructure
} from "./structure/chessboard-structure.service.js";
function createChessboardServices(infra) {
  return { structure: createChessboardStructure(infra), reads: createChessboardReads(infra.db) };
}
export {
  createChessboardServices
};
//# sourceMappingURL=chessboard.services.js.map
