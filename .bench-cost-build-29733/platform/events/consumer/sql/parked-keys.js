const PARKED_PAIRS_READ_WHOLE = 1e3;
const ALL_PAIRS = `SELECT p.topic, p.key FROM platform.parked_messages p WHERE p.group_id = $1
  GROUP BY p.topic, p.key LIMIT ${PARKED_PAIRS_READ_WHOLE + 1}`;
const PAIRS_AMONG = `SELECT DISTINCT p.topic, p.key FROM platform.parked_messages p
  JOIN unnest($2::text[], $3::text[]) AS w(topic, key) ON p.topic = w.topic AND p.key = w.key
  WHERE p.group_id = $1`;
async function parkedKeys(runner, group, pairs) {
  if (pairs.length === 0) return /* @__PURE__ */ new Set();
  const all = await runner.rows(ALL_PAIRS, [group]);
  if (all.length === 0) return /* @__PURE__ */ new Set();
  if (all.length <= PARKED_PAIRS_READ_WHOLE) {
    const parked = new Set(all.map((r) => `${r.topic}\0${r.key}`));
    const found = /* @__PURE__ */ new Set();
    for (const x of pairs) {
      const pair = `${x.topic}\0${x.key}`;
      if (parked.has(pair)) found.add(pair);
    }
    return found;
  }
  const rows = await runner.rows(PAIRS_AMONG, [
    group,
    pairs.map((x) => x.topic),
    pairs.map((x) => x.key)
  ]);
  return new Set(rows.map((r) => `${r.topic}\0${r.key}`));
}
export {
  PARKED_PAIRS_READ_WHOLE,
  parkedKeys
};
//# sourceMappingURL=parked-keys.js.map
