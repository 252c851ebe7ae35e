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
 * first rows in id order keeps a claim's cost bounded after a burst.
 */
export const CLAIM_WINDOW = 8_192;

/**
 * The shard's oldest unpublished rows in id order (the shard is hash(key) mod shards), among the
 * CLAIM_WINDOW oldest unpublished rows: a prefix of the id order, so they are the shard's oldest.
 * The function walks `outbox_unpublished_idx` whatever the statistics say (decision 0622, migration
 * 20261207100000): an index scan marks the entries of rows published since as dead as it passes.
 */
export async function claimShard(
  tx: Tx,
  shard: number,
  shards: number,
  limit: number,
): Promise<ClaimedRow[]> {
  return tx.$queryRaw<ClaimedRow[]>(claimShardSql(shard, shards, limit));
}

/** The claim's statement (tested: outbox-plans.int.test.ts). */
export function claimShardSql(shard: number, shards: number, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT id, topic, key, payload, metadata
    FROM platform.outbox_claim_shard(${shard}::int, ${shards}::int, ${limit}::int, ${CLAIM_WINDOW}::int)`;
}
