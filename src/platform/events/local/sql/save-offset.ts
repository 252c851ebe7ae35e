import type { Db, Tx } from "../../../db/prisma-client.js";
import type { LogPosition } from "../local-log.js";

/** Moves the group's position in a topic (written once the messages' own transactions committed). */
export async function saveOffset(db: Db | Tx, group: string, topic: string, pos: LogPosition): Promise<void> {
  await db.$executeRaw`
    INSERT INTO platform.consumer_offsets (group_id, topic, last_tx_id, last_id, updated_at)
    VALUES (${group}, ${topic}, ${pos.txId}::xid8, ${pos.id}, now())
    ON CONFLICT (group_id, topic) DO UPDATE
      SET last_tx_id = EXCLUDED.last_tx_id, last_id = EXCLUDED.last_id, updated_at = now()`;
}
