import { describe, expect, it } from "vitest";
import { itemOf, runDepsOf } from "../../../../../test/support/fixtures/consumer-stages.js";
import { ValidationError } from "../../../errors/domain-error.js";
import { ConcurrencyConflictError } from "../classify-error.js";
import type { BatchMessage, PayloadMap } from "../definition.js";
import type { ExecuteContext } from "./3-execute.js";
import { perMessageStrategy } from "./3a-per-message.js";
import { batchStrategy } from "./3b-batch-bisect.js";
import { inMemoryScope, type MemoryWriter, memoryStore } from "./in-memory-scope.js";
import { InfrastructureSignal, type Item, OptimisticAbort, type Verdict } from "./types.js";

type Payload = { Key: string; Seq: number };
const summary = (verdicts: readonly Verdict[]) =>
  verdicts.map((v) => `${v.item.index}:${v.kind === "handled" ? v.result : v.kind}`);

async function contextOf(optimistic: boolean, isRunning?: () => boolean) {
  const store = memoryStore();
  const session = await inMemoryScope(store, "postgres").begin();
  const ctx: ExecuteContext = {
    session,
    optimistic,
    heartbeat: async () => {},
    ...(isRunning ? { isRunning } : {}),
  };
  return { store, session, ctx };
}

/** A per-message strategy whose handler writes `key:seq`, failing as `fail` says for some messages. */
function perMessage(fail: (p: Payload, attempt: number) => Error | null) {
  const attempts: number[] = [];
  const strategy = perMessageStrategy({
    ...runDepsOf(),
    handlerOf: () => async (payload: unknown, ctx) => {
      const p = payload as Payload;
      attempts.push(ctx.attempt);
      (ctx.tx as MemoryWriter).write(`${p.Key}:${p.Seq}`);
      const error = fail(p, ctx.attempt);
      if (error) throw error;
    },
  });
  return { strategy, attempts };
}

describe("stage 3a, per-message strategy (in-memory scope)", () => {
  const items = [itemOf(0, "a"), itemOf(1, "b"), itemOf(2, "a"), itemOf(3, "c")];
  const poisonB = (p: Payload) => (p.Key === "b" ? new ValidationError("X_BAD", "bad") : null);

  it("careful pass: a failing message gets the policy under its own savepoint; the others commit", async () => {
    const { strategy } = perMessage(poisonB);
    const { store, session, ctx } = await contextOf(false);
    const run = await strategy.execute(items, ctx);
    await session.commit();
    expect(summary(run.verdicts)).toEqual(["0:applied", "1:dead-lettered", "2:applied", "3:applied"]);
    expect(store.rows).toEqual(["a:0", "a:2", "c:3"]);
    expect(run.stoppedAt).toBeNull();
  });

  it("a retriable failure parks the message and its key's later messages behind it", async () => {
    const { strategy } = perMessage((p) => (p.Key === "a" && p.Seq === 0 ? new Error("late parent") : null));
    const { store, session, ctx } = await contextOf(false);
    const run = await strategy.execute(items, ctx);
    await session.commit();
    expect(summary(run.verdicts)).toEqual(["0:parked", "1:applied", "2:parked-behind", "3:applied"]);
    expect(run.verdicts[0]).toMatchObject({ kind: "parked", attempts: 1, code: "CONSUMER_UNEXPECTED_ERROR" });
    expect(store.rows).toEqual(["b:1", "c:3"]);
  });

  it("optimistic pass: the first failure aborts the pass (the runner reruns it carefully)", async () => {
    const { strategy } = perMessage(poisonB);
    const { ctx } = await contextOf(true);
    await expect(strategy.execute(items, ctx)).rejects.toBeInstanceOf(OptimisticAbort);
  });

  it("a conflict is re-run under a new savepoint with the next attempt number", async () => {
    const { strategy, attempts } = perMessage((p, attempt) =>
      p.Key === "c" && attempt < 3 ? new ConcurrencyConflictError("row changed") : null,
    );
    const { store, session, ctx } = await contextOf(false);
    const run = await strategy.execute([itemOf(3, "c")], ctx);
    await session.commit();
    expect(summary(run.verdicts)).toEqual(["3:applied"]);
    expect(attempts).toEqual([1, 2, 3]);
    expect(store.rows).toEqual(["c:3"]);
  });

  it("an infrastructure failure stops the batch in either pass", async () => {
    const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    for (const optimistic of [true, false]) {
      const { strategy } = perMessage((p) => (p.Key === "b" ? down : null));
      const { ctx } = await contextOf(optimistic);
      await expect(strategy.execute(items, ctx)).rejects.toBeInstanceOf(InfrastructureSignal);
    }
  });

  it("isRunning turning false stops before the next handler and says where", async () => {
    let handled = 0;
    const { strategy } = perMessage(() => {
      handled += 1;
      return null;
    });
    const { ctx } = await contextOf(false, () => handled < 2);
    const run = await strategy.execute(items, ctx);
    expect(summary(run.verdicts)).toEqual(["0:applied", "1:applied"]);
    expect(run.stoppedAt).toBe(2);
  });
});

describe("stage 3a with lockBatch (decision 0524)", () => {
  const items = [itemOf(0, "a"), itemOf(1, "b"), itemOf(2, "c")];

  function locked(lockFails: boolean) {
    const order: string[] = [];
    const strategy = perMessageStrategy({
      ...runDepsOf(),
      handlerOf: () => async (payload: unknown, ctx) => {
        const p = payload as Payload;
        order.push(`handle ${p.Key}`);
        (ctx.tx as MemoryWriter).write(`${p.Key}:${p.Seq}`);
      },
      lockBatch: async (messages) => {
        order.push(`lock ${messages.map((m) => (m.payload as Payload).Key).join(",")}`);
        if (lockFails) throw new Error("lock timeout");
      },
    });
    return { strategy, order };
  }

  it("the batch's locks are taken once, with every message, before the first handler", async () => {
    const { strategy, order } = locked(false);
    const { store, session, ctx } = await contextOf(false);
    const run = await strategy.execute(items, ctx);
    await session.commit();
    expect(order).toEqual(["lock a,b,c", "handle a", "handle b", "handle c"]);
    expect(summary(run.verdicts)).toEqual(["0:applied", "1:applied", "2:applied"]);
    expect(store.rows).toEqual(["a:0", "b:1", "c:2"]);
  });

  it("a failing lockBatch is infrastructure: no handler runs", async () => {
    const { strategy, order } = locked(true);
    const { ctx } = await contextOf(false);
    await expect(strategy.execute(items, ctx)).rejects.toBeInstanceOf(InfrastructureSignal);
    expect(order).toEqual(["lock a,b,c"]);
  });
});

describe("stage 3b, batch strategy with bisection (in-memory scope)", () => {
  const items = [0, 1, 2, 3, 4, 5].map((i) => itemOf(i, `k${i}`));

  function batch(poison: number | null, lockFails = false) {
    const calls: number[][] = [];
    const locks: number[][] = [];
    const seq = (m: BatchMessage<PayloadMap>) => (m.payload as Payload).Seq;
    const strategy = batchStrategy({
      ...runDepsOf(),
      handleBatch: async (messages, ctx) => {
        calls.push(messages.map(seq));
        for (const m of messages) (ctx.tx as MemoryWriter).write(`${m.key}`);
        if (messages.some((m) => seq(m) === poison)) throw new ValidationError("X_POISON", "poison");
      },
      lockBatch: async (messages) => {
        locks.push(messages.map(seq));
        if (lockFails) throw new Error("lock timeout");
      },
    });
    return { strategy, calls, locks };
  }

  it("one call for the whole batch when it succeeds; locks taken once first", async () => {
    const { strategy, calls, locks } = batch(null);
    const { store, session, ctx } = await contextOf(true);
    const run = await strategy.execute(items, ctx);
    await session.commit();
    expect(calls).toEqual([[0, 1, 2, 3, 4, 5]]);
    expect(locks).toEqual([[0, 1, 2, 3, 4, 5]]);
    expect(run.verdicts.every((v) => v.kind === "handled")).toBe(true);
    expect(store.rows).toHaveLength(6);
  });

  it("careful pass: a throwing batch is bisected until the poison is alone and dead-lettered", async () => {
    const { strategy, calls } = batch(4);
    const { store, session, ctx } = await contextOf(false);
    const run = await strategy.execute(items, ctx);
    await session.commit();
    expect(calls).toEqual([[0, 1, 2, 3, 4, 5], [0, 1, 2], [3, 4, 5], [3, 4], [3], [4], [5]]);
    expect(summary(run.verdicts)).toEqual([
      "0:applied",
      "1:applied",
      "2:applied",
      "3:applied",
      "4:dead-lettered",
      "5:applied",
    ]);
    expect(store.rows).toEqual(["k0", "k1", "k2", "k3", "k5"]);
  });

  it("optimistic pass: a throwing batch aborts the pass without bisecting", async () => {
    const { strategy, calls } = batch(4);
    const { ctx } = await contextOf(true);
    await expect(strategy.execute(items, ctx)).rejects.toBeInstanceOf(OptimisticAbort);
    expect(calls).toHaveLength(1);
  });

  it("a failing lockBatch is infrastructure: no handler runs", async () => {
    const { strategy, calls } = batch(null, true);
    const { ctx } = await contextOf(false);
    await expect(strategy.execute(items, ctx)).rejects.toBeInstanceOf(InfrastructureSignal);
    expect(calls).toHaveLength(0);
  });

  it("nothing to run: neither locks nor handler are called", async () => {
    const { strategy, calls, locks } = batch(null);
    const { ctx } = await contextOf(false);
    const run = await strategy.execute([] as Item[], ctx);
    expect(run.verdicts).toEqual([]);
    expect([calls, locks]).toEqual([[], []]);
  });
});
