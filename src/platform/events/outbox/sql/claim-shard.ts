import { Prisma } from "../../../../generated/prisma/client.js";
import type { Tx } from "../../../db/prisma-client.js";
import type { EventMetadata } from "../../envelope.js";

export interface ClaimedRow {
  id: bigint;
  topic: string;
  key: string;
  payload: string;
  metadata: EventMetadata;
}

/**
 * How many of the oldest unpublished rows (all shards) a claim looks among: a shard's share of them
 * covers a full batch (500 × 16 shards) with room to spare. Bounding the scan to the partial index's
 * first rows in id order makes it the plan whatever the statistics say: after a burst, ANALYZE can
 * have seen most rows unpublished, and the unbounded query was planned as a sequential scan of the
 * whole outbox (published rows kept for retention) — 0.5 ms a claim in the cost bench, 3.7 claims a
 * booking, against 0.06 ms on the index (session 22, pg_stat_statements).
 */
export const CLAIM_WINDOW = 8_192;

/**
 * The shard's oldest unpublished rows in id order (the shard is hash(key) mod shards), among the
 * CLAIM_WINDOW oldest unpublished rows: a prefix of the id order, so they are the shard's oldest.
 */
export async function claimShard(
  tx: Tx,
  shard: number,
  shards: number,
  limit: number,
): Promise<ClaimedRow[]> {
  return tx.$queryRaw<ClaimedRow[]>(claimShardSql(shard, shards, limit));
}

/** The claim's statement (its plan is tested: outbox-plans.int.test.ts). */
export function claimShardSql(shard: number, shards: number, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT o.id, o.topic, o.key, o.payload::text AS payload, o.metadata
    FROM (
      SELECT id, topic, key, payload, metadata FROM platform.outbox
      WHERE published_at IS NULL ORDER BY id LIMIT ${Math.max(CLAIM_WINDOW, limit)}
    ) o
    WHERE abs(hashtext(o.key)::bigint) % ${shards} = ${shard}
    ORDER BY o.id
    LIMIT ${limit}`;
}
