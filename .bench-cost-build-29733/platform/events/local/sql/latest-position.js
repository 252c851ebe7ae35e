import { START_POSITION } from "../local-log.js";
async function latestPosition(db, topic) {
  const rows = await db.$queryRaw`
    SELECT tx_id::text AS tx, id FROM platform.event_log
    WHERE topic = ${topic}
    ORDER BY tx_id DESC, id DESC LIMIT 1`;
  const row = rows[0];
  return row ? { txId: row.tx, id: row.id } : START_POSITION;
}
export {
  latestPosition
};
//# sourceMappingURL=latest-position.js.map
