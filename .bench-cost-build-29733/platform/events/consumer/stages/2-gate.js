import { pairOf } from "./types.js";
function decideGate(candidates, held, fresh, now) {
  const behind = [];
  const duplicates = [];
  const toRun = [];
  const seenIds = /* @__PURE__ */ new Map();
  for (const item of candidates) {
    if (held.size > 0 && held.has(pairOf(item.message))) {
      behind.push({ kind: "parked-behind", item, at: now });
      continue;
    }
    let ids = seenIds.get(item.message.topic);
    if (!ids) {
      ids = /* @__PURE__ */ new Set();
      seenIds.set(item.message.topic, ids);
    }
    const id = item.envelope.metadata.messageId;
    if (fresh !== null && !fresh.has(item.dedupKey) || ids.has(id))
      duplicates.push({ kind: "duplicate", item });
    else {
      ids.add(id);
      toRun.push(item);
    }
  }
  return { verdicts: behind.length === 0 ? duplicates : [...behind, ...duplicates], toRun };
}
const NONE = /* @__PURE__ */ new Set();
function createGate(deps) {
  const folded = (ready, retry) => !retry && ready.length > 0 && deps.scopeKind === "postgres" && deps.marked !== false;
  const messagesOf = (items) => items.map((i) => i.message);
  return {
    /**
     * Before the scope begins: the parked keys a sink scope must respect. A parked retry is itself
     * the head of its key, and the PostgreSQL scope checks inside its transaction.
     */
    async before(ready, retry) {
      if (retry || folded(ready, retry) || !deps.keyOrderKept) return NONE;
      return deps.parkedKeys(messagesOf(ready));
    },
    /** In the scope: the one statement (parked keys + mark) or the mark alone, then the decision. */
    async pass(session, ready, heldBefore, retry, now) {
      if (folded(ready, retry) && session.markUnlessParked) {
        const marked = await session.markUnlessParked(
          ready.map((i) => ({ dedupKey: i.dedupKey, topic: i.message.topic, key: i.message.key }))
        );
        return decideGate(ready, marked.parked, marked.fresh, now);
      }
      const held = heldBefore;
      const candidates = held.size === 0 ? ready : ready.filter((item) => !held.has(pairOf(item.message)));
      const fresh = session.mark ? await session.mark(candidates.map((i) => i.dedupKey)) : null;
      return decideGate(ready, held, fresh, now);
    }
  };
}
export {
  createGate,
  decideGate
};
//# sourceMappingURL=2-gate.js.map
