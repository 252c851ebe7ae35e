async function backlog(db) {
  const rows = await db.$queryRaw`
    SELECT count(*) AS n, min(created_at) AS oldest FROM platform.outbox WHERE published_at IS NULL`;
  return { unpublished: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}
export {
  backlog
};
//# sourceMappingURL=backlog.js.map
