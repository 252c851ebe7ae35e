import { describe, expect, it } from "vitest";
import { itemOf, TOPIC } from "../../../../../test/support/fixtures/consumer-stages.js";
import type { InboundMessage } from "../../wire.js";
import { createGate, decideGate } from "./2-gate.js";
import { inMemoryScope, memoryStore } from "./in-memory-scope.js";
import { pairOf } from "./types.js";

const NOW = new Date("2026-01-01T00:00:00.000Z");
const kinds = (g: ReturnType<typeof decideGate>) => g.verdicts.map((v) => `${v.kind}:${v.item.index}`);

describe("stage 2, gate: the decision", () => {
  it("a key with a parked message has all its messages parked behind, in batch order; the rest run", () => {
    const items = [itemOf(0, "a"), itemOf(1, "b"), itemOf(2, "a"), itemOf(3, "c")];
    const held = new Set([pairOf({ topic: TOPIC, key: "a" })]);
    const gated = decideGate(items, held, null, NOW);
    expect(kinds(gated)).toEqual(["parked-behind:0", "parked-behind:2"]);
    expect(gated.toRun.map((i) => i.index)).toEqual([1, 3]);
  });

  it("a message the scope did not mark now is a duplicate of an earlier delivery", () => {
    const items = [itemOf(0, "a"), itemOf(1, "b")];
    const fresh = new Set(items.slice(1).map((i) => i.dedupKey));
    const gated = decideGate(items, new Set(), fresh, NOW);
    expect(kinds(gated)).toEqual(["duplicate:0"]);
    expect(gated.toRun.map((i) => i.index)).toEqual([1]);
  });

  it("the same message twice in one batch runs once, also on a scope without marks", () => {
    const items = [itemOf(0, "a", { messageId: "x" }), itemOf(1, "a", { messageId: "x" }), itemOf(2, "a")];
    const gated = decideGate(items, new Set(), null, NOW);
    expect(kinds(gated)).toEqual(["duplicate:1"]);
    expect(gated.toRun.map((i) => i.index)).toEqual([0, 2]);
  });

  it("parked-behind comes before duplicates; a parked key's duplicate is parked behind, not skipped", () => {
    const items = [itemOf(0, "b"), itemOf(1, "a")];
    const held = new Set([pairOf({ topic: TOPIC, key: "a" })]);
    const gated = decideGate(items, held, new Set(), NOW);
    expect(kinds(gated)).toEqual(["parked-behind:1", "duplicate:0"]);
    expect(gated.toRun).toEqual([]);
  });
});

describe("stage 2, gate: one call per scope", () => {
  const lookups: Array<readonly InboundMessage[]> = [];
  const parkedKeys = async (messages: readonly InboundMessage[]) => {
    lookups.push(messages);
    return new Set([pairOf({ topic: TOPIC, key: "a" })]);
  };
  const items = [itemOf(0, "a"), itemOf(1, "b")];

  it("PostgreSQL: no read before the scope; parked keys and the dedup mark in one statement", async () => {
    lookups.length = 0;
    const store = memoryStore([{ topic: TOPIC, key: "a" }]);
    const gate = createGate({ scopeKind: "postgres", keyOrderKept: true, parkedKeys });
    const before = await gate.before(items, false);
    const session = await inMemoryScope(store, "postgres").begin();
    const gated = await gate.pass(session, items, before, false, NOW);
    expect(lookups).toHaveLength(0);
    expect(store.calls).toBe(1);
    expect(kinds(gated)).toEqual(["parked-behind:0"]);
    expect(gated.toRun.map((i) => i.index)).toEqual([1]);
  });

  it("PostgreSQL without marks: the parked keys are read before the scope begins, never inside it (decision 0589)", async () => {
    lookups.length = 0;
    const gate = createGate({ scopeKind: "postgres", marked: false, keyOrderKept: true, parkedKeys });
    const before = await gate.before(items, false);
    expect(lookups).toHaveLength(1);
    // Inside the scope nothing is read (a read on the pool would wait on a second connection).
    const sink = await inMemoryScope(memoryStore(), "sink").begin();
    const gated = await gate.pass(sink, items, before, false, NOW);
    expect(lookups).toHaveLength(1);
    expect(kinds(gated)).toEqual(["parked-behind:0"]);
    expect(gated.toRun.map((i) => i.index)).toEqual([1]);
  });

  it("the raw pg scope without marks: the parked keys are read in its session, whose first statement it is (decision 0631)", async () => {
    lookups.length = 0;
    const gate = createGate({
      scopeKind: "postgres",
      marked: false,
      parkedInSession: true,
      keyOrderKept: true,
      parkedKeys,
    });
    const before = await gate.before(items, false);
    expect(lookups).toHaveLength(0);
    const reads: number[] = [];
    const session = await inMemoryScope(memoryStore(), "postgres").begin();
    const inSession = {
      ...session,
      parkedKeys: async (pairs: ReadonlyArray<{ topic: string; key: string }>) => {
        reads.push(pairs.length);
        return { held: new Set([pairOf({ topic: TOPIC, key: "a" })]), groupHadParked: true };
      },
    };
    const gated = await gate.pass(inSession, items, before, false, NOW);
    expect(lookups).toHaveLength(0);
    expect(reads).toEqual([2]);
    expect(kinds(gated)).toEqual(["parked-behind:0"]);
    expect(gated.toRun.map((i) => i.index)).toEqual([1]);
    expect(gated.groupHadParked).toBe(true);
    // A group with nothing parked: the batch has nothing of its own to re-drive (decision 0627).
    const none = await gate.pass(
      { ...session, parkedKeys: async () => ({ held: new Set<string>(), groupHadParked: false }) },
      items,
      before,
      false,
      NOW,
    );
    expect(none.toRun).toHaveLength(2);
    expect(none.groupHadParked).toBe(false);
  });

  it("a sink keeping key order reads the parked keys once, before the scope begins", async () => {
    lookups.length = 0;
    const gate = createGate({ scopeKind: "sink", keyOrderKept: true, parkedKeys });
    const before = await gate.before(items, false);
    const store = memoryStore();
    const gated = await gate.pass(await inMemoryScope(store, "sink").begin(), items, before, false, NOW);
    expect(lookups).toHaveLength(1);
    expect(store.calls).toBe(0);
    expect(kinds(gated)).toEqual(["parked-behind:0"]);
  });

  it("a sink with keyOrder irrelevant and a parked retry read nothing and hold nothing back", async () => {
    lookups.length = 0;
    const orderFree = createGate({ scopeKind: "sink", keyOrderKept: false, parkedKeys });
    const sinkSession = await inMemoryScope(memoryStore(), "sink").begin();
    const a = await orderFree.pass(sinkSession, items, await orderFree.before(items, false), false, NOW);
    const pg = createGate({ scopeKind: "postgres", keyOrderKept: true, parkedKeys });
    const store = memoryStore([{ topic: TOPIC, key: "a" }]);
    const retry = [itemOf(0, "a", { attempt: 2 })];
    const pgSession = await inMemoryScope(store, "postgres").begin();
    const b = await pg.pass(pgSession, retry, await pg.before(retry, true), true, NOW);
    expect(lookups).toHaveLength(0);
    expect(a.toRun).toHaveLength(2);
    expect(b.toRun).toHaveLength(1);
    expect(store.calls).toBe(1);
  });
});
