import type { Infra } from "../../platform/infra.js";
import { type ChessboardReads, createChessboardReads } from "./chessboard.reads.js";
import {
  type ChessboardStructure,
  createChessboardStructure,
} from "./structure/chessboard-structure.service.js";

/** Everything chessboard offers the transports: the structure commands and the read path. */
export interface ChessboardServices {
  readonly structure: ChessboardStructure;
  readonly reads: ChessboardReads;
}

/** Built once by the composition root (src/app.ts). */
export function createChessboardServices(infra: Infra): ChessboardServices {
  return { structure: createChessboardStructure(infra), reads: createChessboardReads(infra.db) };
}
