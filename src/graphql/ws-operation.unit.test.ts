import { buildSchema, parse } from "graphql";
import { type ExecutionResult, MessageType, type SubscribeMessage } from "graphql-ws";
import { describe, expect, it, vi } from "vitest";
import {
  type LiveOperation,
  type PrepareOperation,
  runWsOperation,
  type WsOperationHost,
} from "./ws-operation.js";

const schema = buildSchema("type Query { x: Int } type Subscription { x: Int }");

/** An iterator whose pulls the test answers one by one. */
function controlled() {
  const pulls: Array<{ resolve(r: IteratorResult<ExecutionResult>): void; reject(e: Error): void }> = [];
  const iterator = {
    next: vi.fn(
      () =>
        new Promise<IteratorResult<ExecutionResult>>((resolve, reject) => {
          pulls.push({ resolve, reject });
        }),
    ),
    return: vi.fn(async () => {
      for (const p of pulls.splice(0)) p.resolve({ value: undefined, done: true });
      return { value: undefined, done: true as const };
    }),
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  const answer = (result: IteratorResult<ExecutionResult> | Error) => {
    const pull = pulls.shift();
    if (!pull) throw new Error("no pull waiting");
    if (result instanceof Error) pull.reject(result);
    else pull.resolve(result);
  };
  return { iterator, answer, pending: () => pulls.length };
}

function host(sendDelay?: () => Promise<void>) {
  const sent: Array<{ id?: string; type: string; payload?: unknown }> = [];
  const h: WsOperationHost = {
    ctx: {
      subscriptions: Object.create(null) as WsOperationHost["ctx"]["subscriptions"],
      connectionParams: {},
    },
    send: vi.fn(async (data: string) => {
      if (sendDelay) await sendDelay();
      sent.push(JSON.parse(data) as { id?: string; type: string; payload?: unknown });
    }),
    fail: vi.fn(),
    release: vi.fn(),
  };
  return { h, sent };
}

const message = (query: string, operationName?: string): SubscribeMessage => ({
  id: "1",
  type: MessageType.Subscribe,
  payload: { query, ...(operationName ? { operationName } : {}) },
});

const preparing =
  (result: () => unknown): PrepareOperation =>
  async (_host, _id, payload) => ({
    args: { schema, document: parse(payload.query), operationName: payload.operationName ?? null },
    execute: () => result() as ExecutionResult,
    subscribe: () => result() as AsyncIterable<ExecutionResult>,
  });

/** One `next` of { x: 1 }, then `complete`; the slot released and the id free. */
function expectNextThenComplete(h: WsOperationHost, sent: ReadonlyArray<{ id?: string; type: string }>) {
  expect(sent).toEqual([
    { id: "1", type: "next", payload: { data: { x: 1 } } },
    { id: "1", type: "complete" },
  ]);
  expect(h.release).toHaveBeenCalledWith("1");
  expect("1" in h.ctx.subscriptions).toBe(false);
}

/** A subscription whose stream the test controls, running. */
async function startedStream(sendDelay?: () => Promise<void>) {
  const { h, sent } = host(sendDelay);
  const source = controlled();
  await runWsOperation(
    h,
    message("subscription { x }"),
    preparing(() => source.iterator),
  );
  return { h, sent, source };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("runWsOperation: graphql-ws' subscribe handling, message for message", () => {
  it("a single result: next, complete, the slot released and the id free", async () => {
    const { h, sent } = host();
    await runWsOperation(
      h,
      message("query { x }"),
      preparing(() => ({ data: { x: 1 } })),
    );
    expectNextThenComplete(h, sent);
  });

  it("a refusal from prepare: one error message, nothing else", async () => {
    const { h, sent } = host();
    const { GraphQLError } = await import("graphql");
    await runWsOperation(h, message("subscription { x }"), async () => [new GraphQLError("no")]);
    expect(sent).toEqual([{ id: "1", type: "error", payload: [{ message: "no" }] }]);
    expect("1" in h.ctx.subscriptions).toBe(false);
  });

  it("an operation name that matches nothing: graphql-ws' error, and the admitted slot released", async () => {
    const { h, sent } = host();
    await runWsOperation(
      h,
      message("subscription A { x }", "B"),
      preparing(() => ({ data: null })),
    );
    expect(sent).toEqual([
      { id: "1", type: "error", payload: [{ message: "Unable to identify operation" }] },
    ]);
    expect(h.release).toHaveBeenCalledWith("1");
  });

  it("a stream: each result sent before the next pull; its end sends complete", async () => {
    let sendDone: () => void = () => {};
    const { h, sent } = host(() => new Promise<void>((resolve) => (sendDone = resolve)));
    const source = controlled();
    await runWsOperation(
      h,
      message("subscription { x }"),
      preparing(() => source.iterator),
    );
    expect(h.ctx.subscriptions["1"]).toBeDefined();
    source.answer({ value: { data: { x: 1 } }, done: false });
    await settle();
    // the send has not settled: no second pull yet (graphql-ws' for-await waited the same way)
    expect(source.iterator.next).toHaveBeenCalledTimes(1);
    sendDone();
    await settle();
    expect(source.iterator.next).toHaveBeenCalledTimes(2);
    source.answer({ value: undefined, done: true });
    await settle();
    sendDone();
    await settle();
    expectNextThenComplete(h, sent);
  });

  it("a failing stream: one error message with the failure's message, no complete", async () => {
    const { h, sent, source } = await startedStream();
    source.answer(new Error("the source broke"));
    await settle();
    expect(sent).toEqual([{ id: "1", type: "error", payload: [{ message: "the source broke" }] }]);
    expect(h.release).toHaveBeenCalledWith("1");
    expect("1" in h.ctx.subscriptions).toBe(false);
    expect(h.fail).not.toHaveBeenCalled();
  });

  it("stopped by graphql-ws (client complete, close): slot released at once, source returned, no complete sent", async () => {
    const { h, sent, source } = await startedStream();
    const live = h.ctx.subscriptions["1"] as unknown as LiveOperation;
    // graphql-ws' Complete case: delete, then return() on what looks like an async generator
    delete h.ctx.subscriptions["1"];
    await live.return();
    expect(h.release).toHaveBeenCalledWith("1");
    expect(source.iterator.return).toHaveBeenCalled();
    await settle();
    expect(sent).toEqual([]);
  });

  it("a stream the client completed while it was being set up is returned at once", async () => {
    const { h, sent } = host();
    const source = controlled();
    await runWsOperation(h, message("subscription { x }"), async (hh, id, payload) => {
      delete hh.ctx.subscriptions[id];
      return preparing(() => ({ ...source.iterator, return: source.iterator.return }))(hh, id, payload);
    });
    expect(source.iterator.return).toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(h.release).toHaveBeenCalledWith("1");
  });
});
