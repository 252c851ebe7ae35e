import type { DedupKey } from "../dedup-key.js";
import type { ProcessingScope, ScopeSession } from "../scope.js";
import type { MarkCandidate, MarkUnlessParked } from "../sql/mark-unless-parked.js";
import { pairOf } from "./types.js";

/**
 * A processing scope held in memory (the runtime's unit tests; no database): committed rows and
 * dedup marks, the group's parked (topic, key) pairs, and a count of the statements a real scope
 * would send. `kind` picks which scope it stands for ("postgres": marks kept, parked check
 * folded into the mark; "sink": no marks).
 */
export interface MemoryStore {
  readonly rows: string[];
  /** Dedup keys marked, as hex */
  readonly marks: Set<string>;
  readonly parked: Set<string>;
  /** Statements a real scope would have sent: mark, markUnlessParked */
  calls: number;
}

export interface MemoryWriter {
  write(row: string): void;
}

export const memoryStore = (parked: ReadonlyArray<{ topic: string; key: string }> = []): MemoryStore => ({
  rows: [],
  marks: new Set(),
  parked: new Set(parked.map(pairOf)),
  calls: 0,
});

export function inMemoryScope(store: MemoryStore, kind: "postgres" | "sink"): ProcessingScope<MemoryWriter> {
  return {
    kind,
    async begin(): Promise<ScopeSession<MemoryWriter>> {
      const rows: string[] = [];
      const marks = new Set<string>();
      const mark = (keys: readonly DedupKey[]) => {
        const fresh = new Set<DedupKey>();
        for (const key of keys) {
          const k = key.toString("hex");
          if (store.marks.has(k) || marks.has(k)) continue;
          marks.add(k);
          fresh.add(key);
        }
        return fresh;
      };
      const marking =
        kind === "postgres"
          ? {
              async mark(keys: readonly DedupKey[]) {
                store.calls += 1;
                return mark(keys);
              },
              async markUnlessParked(items: readonly MarkCandidate[]): Promise<MarkUnlessParked> {
                store.calls += 1;
                const parked = new Set(items.map(pairOf).filter((p) => store.parked.has(p)));
                const fresh = mark(items.filter((i) => !parked.has(pairOf(i))).map((i) => i.dedupKey));
                return { fresh, parked, groupHadParked: store.parked.size > 0 };
              },
            }
          : {};
      return {
        writer: { write: (row) => rows.push(row) },
        ...marking,
        async unmark(keys) {
          for (const k of keys) marks.delete(k.toString("hex"));
        },
        async isolate(fn) {
          const mine: string[] = [];
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
        },
      };
    },
  };
}
