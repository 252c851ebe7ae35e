import { describe, expect, it } from "vitest";
import { planSyncBatch, type SyncBatchItem } from "./sync-batch-plan.js";

const change = (lotId: string): SyncBatchItem => ({ kind: "lot-change", lotId });
const upsert = (lotId: string): SyncBatchItem => ({ kind: "lot-upsert", lotId });
const other: SyncBatchItem = { kind: "other" };

describe("planSyncBatch", () => {
  it("holds passports and status/price changes of different lots back and applies each group together", () => {
    expect(planSyncBatch([upsert("a"), change("b"), upsert("c"), change("d"), change("b")])).toEqual([
      { kind: "lot-upserts", indexes: [0, 2] },
      { kind: "lot-changes", indexes: [1, 3, 4] },
    ]);
  });

  it("applies every lot's passport before its changes, all passports in one step (per-key order)", () => {
    expect(planSyncBatch([upsert("a"), change("a"), change("a"), upsert("b"), change("b")])).toEqual([
      { kind: "lot-upserts", indexes: [0, 3] },
      { kind: "lot-changes", indexes: [1, 2, 4] },
    ]);
  });

  it("applies the held changes before a passport of one of their lots (per-key order)", () => {
    expect(planSyncBatch([change("a"), change("b"), upsert("a"), change("a")])).toEqual([
      { kind: "lot-changes", indexes: [0, 1] },
      { kind: "lot-upserts", indexes: [2] },
      { kind: "lot-changes", indexes: [3] },
    ]);
  });

  it("never holds two passports of one lot together", () => {
    expect(planSyncBatch([upsert("a"), upsert("b"), upsert("a")])).toEqual([
      { kind: "lot-upserts", indexes: [0, 1] },
      { kind: "lot-upserts", indexes: [2] },
    ]);
  });

  it("applies both held groups, earlier first, before any project, building or developer event", () => {
    expect(planSyncBatch([change("a"), upsert("b"), other, upsert("c"), change("d"), other])).toEqual([
      { kind: "lot-changes", indexes: [0] },
      { kind: "lot-upserts", indexes: [1] },
      { kind: "one", index: 2 },
      { kind: "lot-upserts", indexes: [3] },
      { kind: "lot-changes", indexes: [4] },
      { kind: "one", index: 5 },
    ]);
  });

  it("runs every message exactly once and keeps each lot's messages in batch order", () => {
    const lots = ["a", "b", "c"];
    for (let seed = 1; seed <= 200; seed += 1) {
      let x = seed;
      const next = () => {
        x = (x * 1103515245 + 12345) % 2147483648;
        return x;
      };
      const items: SyncBatchItem[] = Array.from({ length: 12 }, () => {
        const r = next() % 5;
        const lot = lots[next() % lots.length] as string;
        return r === 0 ? other : r < 3 ? change(lot) : upsert(lot);
      });
      const order = planSyncBatch(items).flatMap((s) => (s.kind === "one" ? [s.index] : s.indexes));
      expect([...order].sort((p, q) => p - q)).toEqual(items.map((_, i) => i));
      const position = new Map(order.map((index, at) => [index, at]));
      for (const [i, a] of items.entries()) {
        for (const [j, b] of items.entries()) {
          const sameKey =
            a.kind === "other" || b.kind === "other" || ("lotId" in a && "lotId" in b && a.lotId === b.lotId);
          if (i < j && sameKey) expect(position.get(i)).toBeLessThan(position.get(j) as number);
        }
      }
    }
  });
});
