import type { Db } from "../../../db/prisma-client.js";

/** Deletes up to `limit` rows published before `cutoff`; returns how many. */
export async function deletePublishedBefore(db: Db, cutoff: Date, limit: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM platform.outbox WHERE id IN (
      SELECT id FROM platform.outbox WHERE published_at IS NOT NULL AND published_at < ${cutoff}
      LIMIT ${limit})`;
}
