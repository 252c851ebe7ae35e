import { pairOf } from "./types.js";
const memoryStore = (parked = []) => ({
  rows: [],
  marks: /* @__PURE__ */ new Set(),
  parked: new Set(parked.map(pairOf)),
  calls: 0
});
function inMemoryScope(store, kind) {
  return {
    kind,
    async begin() {
      const rows = [];
      const marks = /* @__PURE__ */ new Set();
      const mark = (keys) => {
        const fresh = /* @__PURE__ */ new Set();
        for (const key of keys) {
          const k = key.toString("hex");
          if (store.marks.has(k) || marks.has(k)) continue;
          marks.add(k);
          fresh.add(key);
        }
        return fresh;
      };
      const marking = kind === "postgres" ? {
        async mark(keys) {
          store.calls += 1;
          return mark(keys);
        },
        async markUnlessParked(items) {
          store.calls += 1;
          const parked = new Set(items.map(pairOf).filter((p) => store.parked.has(p)));
          const fresh = mark(items.filter((i) => !parked.has(pairOf(i))).map((i) => i.dedupKey));
          return { fresh, parked };
        }
      } : {};
      return {
        writer: { write: (row) => rows.push(row) },
        ...marking,
        async unmark(keys) {
          for (const k of keys) marks.delete(k.toString("hex"));
        },
        async isolate(fn) {
          const mine = [];
          const result = await fn({ write: (row) => mine.push(row) });
          rows.push(...mine);
          return result;
        },
        async commit() {
          store.rows.push(...rows);
          for (const k of marks) store.marks.add(k);
        },
        async rollback() {
          rows.length = 0;
          marks.clear();
        }
      };
    }
  };
}
export {
  inMemoryScope,
  memoryStore
};
//# sourceMappingURL=in-memory-scope.js.map
