import type { Db, Tx } from "../../../db/prisma-client.js";
import type { LogPosition, LogRow } from "../local-log.js";

/**
 * Rows after `from` whose appending transaction is older than every transaction still running:
 * those can no longer be overtaken by a commit with a smaller (tx_id, id), so reading them in
 * (tx_id, id) order is reading in commit order.
 */
export async function readCommitted(
  runner: Db | Tx,
  topic: string,
  from: LogPosition,
  limit: number,
): Promise<LogRow[]> {
  return runner.$queryRaw<LogRow[]>`
    SELECT id, tx_id::text AS tx_id, topic, key, value, headers
    FROM platform.event_log
    WHERE topic = ${topic}
      AND (tx_id, id) > (${from.txId}::xid8, ${from.id})
      AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY tx_id, id
    LIMIT ${limit}`;
}
