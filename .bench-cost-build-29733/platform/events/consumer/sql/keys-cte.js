import { DEDUP_KEY_BYTES } from "../dedup-key.js";
const KEYS_CTE = `w AS (
  SELECT i, substring($1::bytea FROM i * ${DEDUP_KEY_BYTES} + 1 FOR ${DEDUP_KEY_BYTES}) AS h
  FROM generate_series(0, $2::int - 1) AS i)`;
const OLD_POSITIONS = `CASE WHEN (SELECT count(*) FROM marked) = $2::int THEN NULL
  ELSE ARRAY(SELECT w.i FROM w WHERE w.h NOT IN (SELECT dedup_hash FROM marked)) END`;
function freshOf(keys, old) {
  if (old === null || old.length === 0) return new Set(keys);
  const skip = new Set(old);
  const fresh = /* @__PURE__ */ new Set();
  keys.forEach((key, i) => {
    if (!skip.has(i)) fresh.add(key);
  });
  return fresh;
}
export {
  KEYS_CTE,
  OLD_POSITIONS,
  freshOf
};
//# sourceMappingURL=keys-cte.js.map
