import type { Tx } from "../../../db/prisma-client.js";

/** advisory-lock namespace (first key) of outbox shards; the second key is the shard number */
export const OUTBOX_SHARD_LOCK_NAMESPACE = 0x5049_4e00;

/** Owns the shard until the transaction ends; false when another relay (or worker) holds it. */
export async function tryLockShard(tx: Tx, shard: number): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ locked: boolean }>>`
    SELECT pg_try_advisory_xact_lock(${OUTBOX_SHARD_LOCK_NAMESPACE}::int, ${shard}::int) AS locked`;
  return rows[0]?.locked === true;
}
