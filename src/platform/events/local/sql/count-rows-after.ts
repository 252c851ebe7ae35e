import type { Db } from "../../../db/prisma-client.js";
import type { LogPosition } from "../local-log.js";

/** How many rows of `topic` lie after `from`: what a group at that position has yet to read. */
export async function countRowsAfter(db: Db, topic: string, from: LogPosition): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM platform.event_log
    WHERE topic = ${topic} AND (tx_id, id) > (${from.txId}::xid8, ${from.id})`;
  return Number(row?.n ?? 0n);
}
