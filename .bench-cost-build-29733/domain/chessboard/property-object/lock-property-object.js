async function lockPropertyObjects(tx, ids) {
  if (ids.length === 0) return;
  await tx.$queryRaw`
    SELECT id FROM chessboard.property_objects WHERE id = ANY(${[...ids]}::uuid[]) ORDER BY id FOR UPDATE`;
}
async function lockPropertyObject(tx, id) {
  const locked = await tx.$queryRaw`
    SELECT id FROM chessboard.property_objects WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.chessboardPropertyObject.findUnique({ where: { id } });
}
export {
  lockPropertyObject,
  lockPropertyObjects
};
//# sourceMappingURL=lock-property-object.js.map
