import type { Db, Tx } from "../../../db/prisma-client.js";
import { type LogPosition, START_POSITION } from "../local-log.js";

/** The group's position in a topic (the start of the log when it has none yet). */
export async function loadOffset(db: Db | Tx, group: string, topic: string): Promise<LogPosition> {
  const rows = await db.$queryRaw<Array<{ tx: string; id: bigint }>>`
    SELECT last_tx_id::text AS tx, last_id AS id FROM platform.consumer_offsets
    WHERE group_id = ${group} AND topic = ${topic}`;
  const row = rows[0];
  return row ? { txId: row.tx, id: row.id } : START_POSITION;
}
