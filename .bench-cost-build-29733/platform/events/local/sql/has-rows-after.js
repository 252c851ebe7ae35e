async function hasRowsAfter(db, topic, from) {
  const rows = await db.$queryRaw`
    SELECT 1 AS one FROM platform.event_log
    WHERE topic = ${topic} AND (tx_id, id) > (${from.txId}::xid8, ${from.id}) LIMIT 1`;
  return rows.length > 0;
}
export {
  hasRowsAfter
};
//# sourceMappingURL=has-rows-after.js.map
