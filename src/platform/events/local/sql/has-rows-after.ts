import type { Db } from "../../../db/prisma-client.js";
import type { LogPosition } from "../local-log.js";

/** True when rows exist after `from` (committed or not yet visible). */
export async function hasRowsAfter(db: Db, topic: string, from: LogPosition): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ one: number }>>`
    SELECT 1 AS one FROM platform.event_log
    WHERE topic = ${topic} AND (tx_id, id) > (${from.txId}::xid8, ${from.id}) LIMIT 1`;
  return rows.length > 0;
}
