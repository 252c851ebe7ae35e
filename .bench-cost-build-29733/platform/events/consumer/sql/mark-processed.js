import { packKeys } from "../dedup-key.js";
import { freshOf, KEYS_CTE, OLD_POSITIONS } from "./keys-cte.js";
const MARK = `WITH ${KEYS_CTE}, marked AS (
  INSERT INTO platform.processed_messages (dedup_hash, group_id, processed_at)
  SELECT w.h, $3, $4 FROM w
  ON CONFLICT ON CONSTRAINT processed_messages_dedup_hash_excl DO NOTHING
  RETURNING dedup_hash)
SELECT ${OLD_POSITIONS} AS old`;
async function markProcessed(runner, group, keys, now) {
  if (keys.length === 0) return /* @__PURE__ */ new Set();
  const [row] = await runner.rows(MARK, [packKeys(keys), keys.length, group, now]);
  return freshOf(keys, row?.old ?? null);
}
export {
  markProcessed
};
//# sourceMappingURL=mark-processed.js.map
