import type { Tx } from "../../../db/prisma-client.js";
import type { EventMetadata } from "../../envelope.js";

export interface ClaimedRow {
  id: bigint;
  topic: string;
  key: string;
  payload: string;
  metadata: EventMetadata;
}

/** The shard's oldest unpublished rows in id order (the shard is hash(key) mod shards). */
export async function claimShard(
  tx: Tx,
  shard: number,
  shards: number,
  limit: number,
): Promise<ClaimedRow[]> {
  return tx.$queryRaw<ClaimedRow[]>`
    SELECT id, topic, key, payload::text AS payload, metadata
    FROM platform.outbox
    WHERE published_at IS NULL AND abs(hashtext(key)::bigint) % ${shards} = ${shard}
    ORDER BY id
    LIMIT ${limit}`;
}
