import type { SqlRunner } from "../../../db/sql-runner.js";
import { type DedupKey, packKeys } from "../dedup-key.js";
import { freshOf, KEYS_CTE, OLD_POSITIONS } from "./keys-cte.js";

const MARK = `WITH ${KEYS_CTE}, marked AS (
  INSERT INTO platform.processed_messages (dedup_hash, group_id, processed_at)
  SELECT w.h, $3, $4 FROM w
  ON CONFLICT ON CONSTRAINT processed_messages_dedup_hash_excl DO NOTHING
  RETURNING dedup_hash)
SELECT ${OLD_POSITIONS} AS old`;

/** One set-based dedup insert for a batch; returns the keys that were new (the same objects). */
export async function markProcessed(
  runner: SqlRunner,
  group: string,
  keys: readonly DedupKey[],
  now: Date,
): Promise<ReadonlySet<DedupKey>> {
  if (keys.length === 0) return new Set();
  const [row] = await runner.rows<{ old: number[] | null }>(MARK, [packKeys(keys), keys.length, group, now]);
  return freshOf(keys, row?.old ?? null);
}
