import { describe, expect, it } from "vitest";
import { itemOf, runDepsOf, TOPIC } from "../../../../../test/support/fixtures/consumer-stages.js";
import { ValidationError } from "../../../errors/domain-error.js";
import type { Admitted } from "./1-admit.js";
import { createGate } from "./2-gate.js";
import { perMessageStrategy } from "./3a-per-message.js";
import { inMemoryScope, type MemoryWriter, memoryStore } from "./in-memory-scope.js";
import { createBatchRunner } from "./run-batch.js";
import type { Action } from "./types.js";

/** The stages composed as message-processor.ts does, on an in-memory PostgreSQL-like scope. */
function runner(parked: ReadonlyArray<{ topic: string; key: string }> = []) {
  const store = memoryStore(parked);
  const deps = runDepsOf();
  const calls: string[] = [];
  const applied: Action[] = [];
  const redriven: string[][] = [];
  const groupHadParked: boolean[] = [];
  const strategy = perMessageStrategy({
    ...deps,
    handlerOf: () => async (payload: unknown, ctx) => {
      const p = payload as { Key: string; Seq: number };
      calls.push(`${p.Key}:${p.Seq}`);
      (ctx.tx as MemoryWriter).write(`${p.Key}:${p.Seq}`);
      if (p.Key === "poison") throw new ValidationError("X_POISON", "poison");
    },
  });
  // wait keys (decision 0580): a and poison wait on "x", b and p on "y"
  const items = [itemOf(0, "a"), itemOf(1, "poison"), itemOf(2, "b"), itemOf(3, "p")].map((item, i) => ({
    ...item,
    waitKey: i < 2 ? "x" : "y",
  }));
  const admitted: Admitted = { ready: items, refused: [], unhandled: [], versionMismatches: [] };
  const run = createBatchRunner({
    scope: inMemoryScope(store, "postgres"),
    clock: deps.clock,
    skipInvalid: false,
    admit: () => admitted,
    gate: createGate({ scopeKind: "postgres", keyOrderKept: true, parkedKeys: async () => new Set() }),
    strategy,
    record: deps.record,
    apply: async (action) => {
      applied.push(action);
    },
    redrive: async (keys, _retry, had) => {
      redriven.push([...keys]);
      groupHadParked.push(had);
    },
  });
  const messages = items.map((i) => i.message);
  return { store, calls, applied, redriven, groupHadParked, batch: () => run(messages, {}, null) };
}

describe("run-batch: the stages in order on an in-memory scope", () => {
  it("a poison message: the optimistic pass is rolled back, the careful pass commits the rest once", async () => {
    const r = runner([{ topic: TOPIC, key: "p" }]);
    const outcome = await r.batch();
    expect(outcome).toEqual({
      kind: "done",
      results: ["applied", "dead-lettered", "applied", "parked-behind"],
    });
    // optimistic pass: a, poison (abort); careful pass: a, poison, b
    expect(r.calls).toEqual(["a:0", "poison:1", "a:0", "poison:1", "b:2"]);
    expect(r.store.rows).toEqual(["a:0", "b:2"]);
    expect(r.applied.map((a) => a.kind)).toEqual(["park", "dead-letter"]);
    // the parked one keeps its wait key; the handled ones' wait keys re-drive their waiters, once each
    expect(r.applied[0]).toMatchObject({ kind: "park", waitKey: "y" });
    expect(r.redriven).toEqual([["x", "y"]]);
    // only the handled messages keep their marks: a redelivery is a duplicate of them only
    const again = await r.batch();
    expect(again).toEqual({
      kind: "done",
      results: ["skipped-duplicate", "dead-lettered", "skipped-duplicate", "parked-behind"],
    });
    // duplicates change nothing: they re-drive nothing
    expect(r.redriven.at(-1)).toEqual([]);
  });

  it("decision 0627: the re-drive learns whether the group had any parked message as the batch began (none: its statement is skipped)", async () => {
    const quiet = runner([]);
    await quiet.batch();
    expect(quiet.groupHadParked).toEqual([false]);
    const held = runner([{ topic: TOPIC, key: "p" }]);
    await held.batch();
    expect(held.groupHadParked).toEqual([true]);
  });
});
