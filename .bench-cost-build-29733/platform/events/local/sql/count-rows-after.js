async function countRowsAfter(db, topic, from) {
  const [row] = await db.$queryRaw`
    SELECT count(*) AS n FROM platform.event_log
    WHERE topic = ${topic} AND (tx_id, id) > (${from.txId}::xid8, ${from.id})`;
  return Number(row?.n ?? 0n);
}
export {
  countRowsAfter
};
//# sourceMappingURL=count-rows-after.js.map
