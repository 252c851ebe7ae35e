import type { Tx } from "../../../platform/db/prisma-client.js";
import { CHESSBOARD_ERROR, notFound } from "../chessboard.errors.js";
import { lockPropertyObject } from "../property-object/lock-property-object.js";

/** Loads of the structure commands: the aggregate's row or CHESSBOARD_*_NOT_FOUND. */
export async function developerOrThrow(tx: Tx, id: string) {
  const developer = await tx.chessboardDeveloper.findUnique({ where: { id } });
  if (!developer) throw notFound(CHESSBOARD_ERROR.developerNotFound, "Developer", id);
  return developer;
}

export async function projectOrThrow(tx: Tx, id: string) {
  const project = await tx.chessboardProject.findUnique({ where: { id } });
  if (!project) throw notFound(CHESSBOARD_ERROR.projectNotFound, "Project", id);
  return project;
}

export async function buildingOrThrow(tx: Tx, id: string, lock = false) {
  if (lock) await tx.$queryRaw`SELECT id FROM chessboard.buildings WHERE id = ${id}::uuid FOR UPDATE`;
  const building = await tx.chessboardBuilding.findUnique({ where: { id } });
  if (!building) throw notFound(CHESSBOARD_ERROR.buildingNotFound, "Building", id);
  return building;
}

/** The object's row, locked FOR UPDATE. */
export async function objectOrThrow(tx: Tx, id: string) {
  const row = await lockPropertyObject(tx, id);
  if (!row) throw notFound(CHESSBOARD_ERROR.propertyObjectNotFound, "Property object", id);
  return row;
}
