import { START_POSITION } from "../local-log.js";
async function loadOffset(db, group, topic) {
  const rows = await db.$queryRaw`
    SELECT last_tx_id::text AS tx, last_id AS id FROM platform.consumer_offsets
    WHERE group_id = ${group} AND topic = ${topic}`;
  const row = rows[0];
  return row ? { txId: row.tx, id: row.id } : START_POSITION;
}
export {
  loadOffset
};
//# sourceMappingURL=load-offset.js.map
