async function lockParked(tx, id) {
  const rows = await tx.$queryRaw`
    SELECT id FROM platform.parked_messages WHERE id = ${id} FOR UPDATE SKIP LOCKED`;
  return rows.length > 0;
}
export {
  lockParked
};
//# sourceMappingURL=lock-parked.js.map
