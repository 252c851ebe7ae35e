import { Prisma } from "../../../../generated/prisma/client.js";
import type { SqlRunner } from "../../../db/sql-runner.js";
import type { EventMetadata } from "../../envelope.js";

/** advisory-lock namespace (first key) of outbox shards; the second key is the shard number */
export const OUTBOX_SHARD_LOCK_NAMESPACE = 0x5049_4e00;

/** A row as the driver returns it: pg reads bigint as a string, Prisma as a bigint; null: locked */
type RawClaimedRow = Omit<ClaimedRow, "id"> & { id: string | bigint | null };

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
 * The claim's statement (tested: outbox-plans.int.test.ts): the shard's transaction-scoped
 * advisory lock (namespace OUTBOX_SHARD_LOCK_NAMESPACE, key the shard) taken first, in the same
 * statement; the lock is held until the claim's transaction ends. The function walks
 * `outbox_unpublished_idx` whatever the statistics say (decision 0622, migration 20261207100000):
 * an index scan marks the entries of rows published since as dead as it passes.
 */
const CLAIM_SHARD = `SELECT id, topic, key, payload, metadata
  FROM platform.outbox_claim_shard($1::int, $2::int, $3::int, $4::int, $5::int)`;

const claimArgs = (shard: number, shards: number, limit: number) => [
  OUTBOX_SHARD_LOCK_NAMESPACE,
  shard,
  shards,
  limit,
  CLAIM_WINDOW,
];

/**
 * The shard's oldest unpublished rows in id order (the shard is hash(key) mod shards), among the
 * CLAIM_WINDOW oldest unpublished rows: a prefix of the id order, so they are the shard's oldest.
 * The relay sends it as its transaction's first statement (`BEGIN; …`, decision 0629).
 */
export async function claimShard(
  runner: SqlRunner,
  shard: number,
  shards: number,
  limit: number,
): Promise<ClaimedRow[] | "locked"> {
  const rows = await runner.rows<RawClaimedRow>(CLAIM_SHARD, claimArgs(shard, shards, limit));
  // one row of nulls: another relay or worker holds the shard
  if (rows.length === 1 && rows[0]?.id === null) return "locked";
  return rows.map((r) => ({ ...r, id: BigInt(r.id as string | bigint) }));
}

/** The same statement for the plan tests (every argument an integer, written in). */
export function claimShardSql(shard: number, shards: number, limit: number): Prisma.Sql {
  const args = claimArgs(shard, shards, limit);
  return Prisma.raw(CLAIM_SHARD.replace(/\$(\d+)/g, (_, n: string) => String(args[Number(n) - 1])));
}
