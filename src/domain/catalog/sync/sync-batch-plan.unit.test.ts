import { describe, expect, it } from "vitest";
import { lotChangeRounds, planSyncBatch, type SyncBatchItem } from "./sync-batch-plan.js";

const change = (lotId: string): SyncBatchItem => ({ kind: "lot-change", lotId });
const upsert = (lotId: string): SyncBatchItem => ({ kind: "lot-upsert", lotId });
const other: SyncBatchItem = { kind: "other" };

describe("planSyncBatch", () => {
  it("holds status/price changes back past passports of other lots and applies them together", () => {
    expect(planSyncBatch([upsert("a"), change("a"), change("a"), upsert("b"), change("b")])).toEqual([
      { kind: "one", index: 0 },
      { kind: "one", index: 3 },
      { kind: "lot-changes", indexes: [1, 2, 4] },
    ]);
  });

  it("applies the held changes before a passport of one of their lots (per-key order)", () => {
    expect(planSyncBatch([change("a"), change("b"), upsert("a"), change("a")])).toEqual([
      { kind: "lot-changes", indexes: [0, 1] },
      { kind: "one", index: 2 },
      { kind: "lot-changes", indexes: [3] },
    ]);
  });

  it("applies the held changes before any project, building or developer event", () => {
    expect(planSyncBatch([change("a"), other, change("b"), other])).toEqual([
      { kind: "lot-changes", indexes: [0] },
      { kind: "one", index: 1 },
      { kind: "lot-changes", indexes: [2] },
      { kind: "one", index: 3 },
    ]);
  });

  it("runs every message exactly once", () => {
    const items = [other, change("a"), upsert("b"), change("b"), change("a"), upsert("a"), other];
    const indexes = planSyncBatch(items).flatMap((s) => (s.kind === "one" ? [s.index] : s.indexes));
    expect([...indexes].sort((x, y) => x - y)).toEqual(items.map((_, i) => i));
  });
});

describe("lotChangeRounds", () => {
  it("puts the k-th change of every lot in round k, in batch order", () => {
    expect(lotChangeRounds(["a", "b", "a", "c", "a", "b"])).toEqual([[0, 1, 3], [2, 5], [4]]);
  });

  it("has no rounds for no changes", () => {
    expect(lotChangeRounds([])).toEqual([]);
  });
});
