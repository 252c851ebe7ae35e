import { DEDUP_KEY_BYTES } from "../dedup-key.js";

/**
 * The batch's dedup keys as rows `w(i, h)`: key i is bytes [16 i, 16 i + 16) of the one bytea
 * parameter `$1` (packKeys), `$2` the count. One parameter of 16 × n bytes instead of a text array.
 */
export const KEYS_CTE = `w AS (
  SELECT i, substring($1::bytea FROM i * ${DEDUP_KEY_BYTES} + 1 FOR ${DEDUP_KEY_BYTES}) AS h
  FROM generate_series(0, $2::int - 1) AS i)`;

/**
 * After a `marked` CTE (the INSERT … RETURNING dedup_hash): the positions of the keys that were
 * marked before (not inserted now), or NULL when every key was new — the usual case, so the
 * answer is one row with one NULL, not the keys back.
 */
export const OLD_POSITIONS = `CASE WHEN (SELECT count(*) FROM marked) = $2::int THEN NULL
  ELSE ARRAY(SELECT w.i FROM w WHERE w.h NOT IN (SELECT dedup_hash FROM marked)) END`;

/** The keys not at `old` positions (every one when `old` is null), the same objects. */
export function freshOf<K>(keys: readonly K[], old: readonly number[] | null): Set<K> {
  if (old === null || old.length === 0) return new Set(keys);
  const skip = new Set(old);
  const fresh = new Set<K>();
  keys.forEach((key, i) => {
    if (!skip.has(i)) fresh.add(key);
  });
  return fresh;
}
