import { Prisma } from "../../../../generated/prisma/client.js";
import type { SqlRunner } from "../../../db/sql-runner.js";
import type { EventMetadata } from "../../envelope.js";

/** advisory-lock namespace (first key) of outbox shards; the second key is the shard number */
export const OUTBOX_SHARD_LOCK_NAMESPACE = 0x5049_4e00;

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

/** A claim: the rows taken, in id order; how many shards were held elsewhere; the window full. */
export interface Claim {
  readonly rows: ClaimedRow[];
  /** Shards with rows in the window whose lock another relay or worker holds */
  readonly passedOver: number;
  /** The window was full: more unpublished rows may wait beyond it */
  readonly windowFull: boolean;
}

/** A row as the driver returns it: pg reads bigint as a string, Prisma as a bigint */
type RawRow = Omit<ClaimedRow, "id"> & {
  id: string | bigint | null;
  passed_over: number | null;
  seen: number | null;
};

/**
 * The claim's statement (tested: outbox-plans.int.test.ts; migration 20261208090000): every shard
 * with rows among the CLAIM_WINDOW oldest unpublished ones whose transaction-scoped advisory lock
 * (namespace OUTBOX_SHARD_LOCK_NAMESPACE, key the shard) is free is locked, in the same statement,
 * until the claim's transaction ends; their rows come back in id order. The function walks
 * `outbox_unpublished_idx` whatever the statistics say (decision 0622).
 */
const CLAIM_SHARDS = `SELECT id, topic, key, payload, metadata, passed_over, seen
  FROM platform.outbox_claim_lockable_shards($1::int, $2::int, $3::int, $4::int)`;

const claimArgs = (shards: number, limit: number) => [
  OUTBOX_SHARD_LOCK_NAMESPACE,
  shards,
  limit,
  CLAIM_WINDOW,
];

/**
 * The oldest unpublished rows of every shard this transaction can lock, up to `limit`, in id order
 * (the shard is hash(key) mod shards; a prefix of each shard's id order, so they are its oldest).
 * The relay sends it as its transaction's first statement (`BEGIN; …`, decisions 0629, 0633).
 */
export async function claimShards(runner: SqlRunner, shards: number, limit: number): Promise<Claim> {
  const rows = await runner.rows<RawRow>(CLAIM_SHARDS, claimArgs(shards, limit));
  const summary = rows[rows.length - 1];
  return {
    rows: rows
      .filter((r) => r.id !== null)
      .map(({ id, topic, key, payload, metadata }) => ({
        id: BigInt(id as string | bigint),
        topic,
        key,
        payload,
        metadata,
      })),
    passedOver: summary?.passed_over ?? 0,
    windowFull: (summary?.seen ?? 0) >= CLAIM_WINDOW,
  };
}

/** The same statement for the plan tests (every argument an integer, written in). */
export function claimShardsSql(shards: number, limit: number): Prisma.Sql {
  const args = claimArgs(shards, limit);
  return Prisma.raw(CLAIM_SHARDS.replace(/\$(\d+)/g, (_, n: string) => String(args[Number(n) - 1])));
}
