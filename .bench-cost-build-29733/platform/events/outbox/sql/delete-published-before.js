async function deletePublishedBefore(db, cutoff, limit) {
  return db.$executeRaw`
    DELETE FROM platform.outbox WHERE id IN (
      SELECT id FROM platform.outbox WHERE published_at IS NOT NULL AND published_at < ${cutoff}
      LIMIT ${limit})`;
}
export {
  deletePublishedBefore
};
//# sourceMappingURL=delete-published-before.js.map
