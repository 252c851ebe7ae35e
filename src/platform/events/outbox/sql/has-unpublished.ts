import type { Db } from "../../../db/prisma-client.js";

/** True while any outbox row waits to be published. */
export async function hasUnpublished(db: Db): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ one: number }>>`
    SELECT 1 AS one FROM platform.outbox WHERE published_at IS NULL LIMIT 1`;
  return rows.length > 0;
}
