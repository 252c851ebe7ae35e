import { packKeys } from "../dedup-key.js";
import { freshOf, KEYS_CTE, OLD_POSITIONS } from "./keys-cte.js";
import { markProcessed } from "./mark-processed.js";
import { parkedKeys } from "./parked-keys.js";
const MARK_IF_NONE_PARKED = `WITH ${KEYS_CTE}, held AS (
  SELECT EXISTS (SELECT 1 FROM platform.parked_messages WHERE group_id = $3) AS found
), marked AS (
  INSERT INTO platform.processed_messages (dedup_hash, group_id, processed_at)
  SELECT w.h, $3, $4 FROM w WHERE NOT (SELECT found FROM held)
  ON CONFLICT ON CONSTRAINT processed_messages_dedup_hash_excl DO NOTHING
  RETURNING dedup_hash)
SELECT (SELECT found FROM held) AS held,
  CASE WHEN (SELECT found FROM held) THEN NULL ELSE ${OLD_POSITIONS} END AS old`;
async function markUnlessParked(runner, group, items, now) {
  if (items.length === 0) return { fresh: /* @__PURE__ */ new Set(), parked: /* @__PURE__ */ new Set() };
  const keys = items.map((i) => i.dedupKey);
  const [row] = await runner.rows(MARK_IF_NONE_PARKED, [
    packKeys(keys),
    keys.length,
    group,
    now
  ]);
  if (!row?.held) return { fresh: freshOf(keys, row?.old ?? null), parked: /* @__PURE__ */ new Set() };
  const parked = await parkedKeys(runner, group, items);
  const free = parked.size === 0 ? keys : items.filter((i) => !parked.has(pairKey(i))).map((i) => i.dedupKey);
  return { fresh: await markProcessed(runner, group, free, now), parked };
}
const pairKey = (m) => `${m.topic}\0${m.key}`;
export {
  markUnlessParked
};
//# sourceMappingURL=mark-unless-parked.js.map
