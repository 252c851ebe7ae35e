import type { SqlRunner } from "../../../db/sql-runner.js";
import { type DedupKey, packKeys } from "../dedup-key.js";
import { freshOf, KEYS_CTE, OLD_POSITIONS } from "./keys-cte.js";
import { markProcessed } from "./mark-processed.js";
import { parkedKeys } from "./parked-keys.js";

export interface MarkCandidate {
  readonly dedupKey: DedupKey;
  readonly topic: string;
  readonly key: string;
}

export interface MarkUnlessParked {
  /** dedup keys marked now (not seen before, key not parked): the candidates' own objects */
  readonly fresh: ReadonlySet<DedupKey>;
  /** `${topic}\u0000${key}` pairs with a parked message in the group: none of theirs is marked */
  readonly parked: ReadonlySet<string>;
  /** Whether the group had any parked message when the batch began (decision 0627) */
  readonly groupHadParked: boolean;
}

/**
 * The usual case in one statement: the group has no parked message at all (then every key is
 * marked) — the answer says whether it had one (then nothing was marked) and which keys were
 * marked before. Only the batch's keys go out (one bytea), no topic or key arrays.
 */
const MARK_IF_NONE_PARKED = `WITH ${KEYS_CTE}, held AS (
  SELECT EXISTS (SELECT 1 FROM platform.parked_messages WHERE group_id = $3) AS found
), marked AS (
  INSERT INTO platform.processed_messages (dedup_hash, group_id, processed_at)
  SELECT w.h, $3, $4 FROM w WHERE NOT (SELECT found FROM held)
  ON CONFLICT ON CONSTRAINT processed_messages_dedup_hash_excl DO NOTHING
  RETURNING dedup_hash)
SELECT (SELECT found FROM held) AS held,
  CASE WHEN (SELECT found FROM held) THEN NULL ELSE ${OLD_POSITIONS} END AS old`;

/**
 * The batch's first statement in the PostgreSQL scopes (decisions 0035, 0505): the parked-key
 * check and the set-based dedup mark of every message of an unparked key. A group with parked
 * messages (rare: a failing key waiting for its retry) takes a second and third statement in the
 * same transaction: its parked pairs among the batch's (sql/parked-keys), then the mark of the rest.
 */
export async function markUnlessParked(
  runner: SqlRunner,
  group: string,
  items: readonly MarkCandidate[],
  now: Date,
): Promise<MarkUnlessParked> {
  if (items.length === 0) return { fresh: new Set(), parked: new Set(), groupHadParked: true };
  const keys = items.map((i) => i.dedupKey);
  const [row] = await runner.rows<{ held: boolean; old: number[] | null }>(MARK_IF_NONE_PARKED, [
    packKeys(keys),
    keys.length,
    group,
    now,
  ]);
  if (row && !row.held) return { fresh: freshOf(keys, row.old), parked: new Set(), groupHadParked: false };
  const parked = await parkedKeys(runner, group, items);
  const free = parked.size === 0 ? keys : items.filter((i) => !parked.has(pairKey(i))).map((i) => i.dedupKey);
  return { fresh: await markProcessed(runner, group, free, now), parked, groupHadParked: true };
}

const pairKey = (m: { readonly topic: string; readonly key: string }) => `${m.topic}\u0000${m.key}`;
