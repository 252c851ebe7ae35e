import type { Db } from "../../../db/prisma-client.js";
import { type LogPosition, START_POSITION } from "../local-log.js";

/**
 * The newest committed row of a topic (broadcast consumers start after it). Deliberately not
 * limited to rows below the snapshot xmin: a row committed before start() must not be delivered
 * even while an unrelated long transaction holds xmin back; a row still in flight at start()
 * may be missed, which a live fan-out accepts.
 */
export async function latestPosition(db: Db, topic: string): Promise<LogPosition> {
  const rows = await db.$queryRaw<Array<{ tx: string; id: bigint }>>`
    SELECT tx_id::text AS tx, id FROM platform.event_log
    WHERE topic = ${topic}
    ORDER BY tx_id DESC, id DESC LIMIT 1`;
  const row = rows[0];
  return row ? { txId: row.tx, id: row.id } : START_POSITION;
}
