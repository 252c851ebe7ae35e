import type { Db } from "../../../db/prisma-client.js";

/** Deletes up to `limit` log rows appended before `cutoff` (the log's retention); returns how many. */
export async function deleteAppendedBefore(db: Db, cutoff: Date, limit: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM platform.event_log WHERE id IN (
      SELECT id FROM platform.event_log WHERE appended_at < ${cutoff} LIMIT ${limit})`;
}
