import { CHESSBOARD_ERROR, notFound } from "../chessboard.errors.js";
import { lockPropertyObject } from "../property-object/lock-property-object.js";
async function developerOrThrow(tx, id) {
  const developer = await tx.chessboardDeveloper.findUnique({ where: { id } });
  if (!developer) throw notFound(CHESSBOARD_ERROR.developerNotFound, "Developer", id);
  return developer;
}
async function projectOrThrow(tx, id) {
  const project = await tx.chessboardProject.findUnique({ where: { id } });
  if (!project) throw notFound(CHESSBOARD_ERROR.projectNotFound, "Project", id);
  return project;
}
async function buildingOrThrow(tx, id, lock = false) {
  if (lock) await tx.$queryRaw`SELECT id FROM chessboard.buildings WHERE id = ${id}::uuid FOR UPDATE`;
  const building = await tx.chessboardBuilding.findUnique({ where: { id } });
  if (!building) throw notFound(CHESSBOARD_ERROR.buildingNotFound, "Building", id);
  return building;
}
async function objectOrThrow(tx, id) {
  const row = await lockPropertyObject(tx, id);
  if (!row) throw notFound(CHESSBOARD_ERROR.propertyObjectNotFound, "Property object", id);
  return row;
}
export {
  buildingOrThrow,
  developerOrThrow,
  objectOrThrow,
  projectOrThrow
};
//# sourceMappingURL=structure.load.js.map
