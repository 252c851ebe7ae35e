async function hasUnpublished(db) {
  const rows = await db.$queryRaw`
    SELECT 1 AS one FROM platform.outbox WHERE published_at IS NULL LIMIT 1`;
  return rows.length > 0;
}
export {
  hasUnpublished
};
//# sourceMappingURL=has-unpublished.js.map
