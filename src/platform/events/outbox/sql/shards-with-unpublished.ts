import type { Db } from "../../../db/prisma-client.js";

/**
 * The shards that have unpublished rows, each once (decision 0515): one read of the unpublished
 * rows through the partial index `outbox_unpublished_idx`, so a relay pass opens a claim
 * transaction only where there is something to claim. A hint, not a claim: the shard's
 * try-lock and claim still decide (a row committed after this read comes with a commit signal).
 */
export async function shardsWithUnpublished(db: Db, shards: number): Promise<number[]> {
  const rows = await db.$queryRaw<Array<{ shard: number }>>`
    SELECT DISTINCT (abs(hashtext(key)::bigint) % ${shards})::int AS shard
    FROM platform.outbox WHERE published_at IS NULL`;
  return rows.map((r) => r.shard);
}
