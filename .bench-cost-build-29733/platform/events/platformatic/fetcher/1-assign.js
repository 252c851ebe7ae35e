import { withDeadline } from "../deadline.js";
import { fail, keyOf, served, wake } from "./state.js";
const EARLIEST = -2n;
function onJoin(s, assignments) {
  const next = /* @__PURE__ */ new Map();
  for (const a of assignments ?? [])
    for (const partition of a.partitions) next.set(keyOf(a.topic, partition), { topic: a.topic, partition });
  for (const key of [...s.tokens.keys()])
    if (!next.has(key)) {
      s.tokens.delete(key);
      s.partitions.delete(key);
      s.positions.delete(key);
      s.servedAt.delete(key);
    }
  s.paused.clear();
  s.spec.onAssigned?.();
  const fresh = [];
  for (const [key, tp] of next) {
    if (s.tokens.has(key) && s.busy.has(key)) continue;
    s.tokens.set(key, s.nextToken++);
    s.partitions.set(key, tp);
    s.positions.delete(key);
    served(s, key);
    fresh.push(tp);
  }
  s.log.debug({ group: s.consumer.groupId, assigned: [...next.keys()] }, "partitions assigned");
  if (fresh.length > 0) void loadPositions(s, fresh, new Map(s.tokens));
  wake(s);
}
async function loadPositions(s, assigned, token) {
  const { callMs } = s.spec.deadlines;
  try {
    const found = await withDeadline(s.spec.positions(assigned), callMs, "committed offsets");
    const missing = assigned.filter((p) => !found.has(keyOf(p.topic, p.partition)));
    if (missing.length > 0) {
      const byTopic = {};
      for (const p of missing) byTopic[p.topic] = [...byTopic[p.topic] ?? [], p.partition];
      const earliest = await withDeadline(
        s.consumer.listOffsets({ topics: Object.keys(byTopic), partitions: byTopic, timestamp: EARLIEST }),
        callMs,
        "list offsets"
      );
      for (const p of missing) {
        const at = earliest.get(p.topic)?.[p.partition];
        found.set(keyOf(p.topic, p.partition), at !== void 0 && at >= 0n ? at : 0n);
      }
    }
    for (const [key, offset] of found)
      if (s.tokens.get(key) === token.get(key) && !s.busy.has(key)) {
        s.positions.set(key, offset);
        served(s, key);
      }
    wake(s);
  } catch (error) {
    fail(s, error);
  }
}
export {
  loadPositions,
  onJoin
};
//# sourceMappingURL=1-assign.js.map
