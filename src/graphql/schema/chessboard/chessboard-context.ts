import {
  type ChessboardStructure,
  createChessboardStructure,
} from "../../../domain/chessboard/structure/chessboard-structure.service.js";
import type { ApiDeps, GraphQLContext } from "../../context.js";

const structureByDeps = new WeakMap<ApiDeps, ChessboardStructure>();

/** One command set per API instance (deps are built once at start). */
export function chessboardStructureOf(ctx: GraphQLContext): ChessboardStructure {
  let structure = structureByDeps.get(ctx.deps);
  if (!structure) {
    structure = createChessboardStructure({ db: ctx.deps.db, clock: ctx.deps.clock });
    structureByDeps.set(ctx.deps, structure);
  }
  return structure;
}
