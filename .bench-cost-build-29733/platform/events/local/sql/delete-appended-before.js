async function deleteAppendedBefore(db, cutoff, limit) {
  return db.$executeRaw`
    DELETE FROM platform.event_log WHERE id IN (
      SELECT id FROM platform.event_log WHERE appended_at < ${cutoff} LIMIT ${limit})`;
}
export {
  deleteAppendedBefore
};
//# sourceMappingURL=delete-appended-before.js.map
