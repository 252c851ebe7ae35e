import { createRequire } from "node:module";
import type { ExecutionArgs, GraphQLError } from "graphql";
import { getOperationAST } from "graphql";
import {
  type ExecutionResult,
  MessageType,
  type OperationResult,
  type SubscribeMessage,
  type SubscribePayload,
  stringifyMessage,
  type Context as WsContext,
} from "graphql-ws";

// graphql-ws builds its errors with node's own resolution of graphql; only toJSON() is used here.
const nodeGraphql = createRequire(import.meta.url)("graphql") as typeof import("graphql");

/** What one graphql-ws connection offers an operation (src/graphql/ws-server.ts' Connection). */
export interface WsOperationHost {
  /** graphql-ws' connection context: its `subscriptions` is read live (graphql-ws replaces it on close) */
  readonly ctx: Pick<WsContext, "subscriptions" | "connectionParams">;
  /** sends one message; settles once it is written (or dropped) */
  send(data: string): Promise<void>;
  /** an error the protocol cannot answer in-band: the socket is closed (4500), as graphql-ws does */
  fail(error: unknown): void;
  /** the operation ended, however (graphql-ws' onComplete); idempotent */
  release(id: string): void;
}

/** graphql-ws' onSubscribe: the refusal, or the arguments and how to run them. */
export interface PreparedOperation {
  readonly args: ExecutionArgs;
  execute(args: ExecutionArgs): OperationResult;
  subscribe(args: ExecutionArgs): OperationResult;
}
export type PrepareOperation = (
  host: WsOperationHost,
  id: string,
  payload: SubscribePayload,
) => Promise<readonly GraphQLError[] | PreparedOperation>;

const isAsyncIterable = (value: unknown): value is AsyncIterable<ExecutionResult> =>
  typeof Object(value)[Symbol.asyncIterator] === "function";

const sendNext = (host: WsOperationHost, id: string, result: ExecutionResult) => {
  const { errors, ...withoutErrors } = result;
  return host.send(
    stringifyMessage({
      id,
      type: MessageType.Next,
      payload: { ...withoutErrors, ...(errors ? { errors: errors.map((e) => e.toJSON()) } : {}) },
    }),
  );
};
const sendError = (host: WsOperationHost, id: string, errors: readonly GraphQLError[]) =>
  host.send(stringifyMessage({ id, type: MessageType.Error, payload: errors.map((e) => e.toJSON()) }));
async function complete(host: WsOperationHost, id: string, notifyClient: boolean): Promise<void> {
  host.release(id);
  if (notifyClient) await host.send(stringifyMessage({ id, type: MessageType.Complete }));
}

/**
 * graphql-ws' handling of one `subscribe` message (makeServer's, message for message: refusal →
 * `error`; a single result → `next` + `complete`; a stream → `next`s, then `complete`, or `error`
 * when it fails) for an acknowledged connection and an id not in use — graphql-ws itself keeps
 * every other case (4401, 4409). The difference is what a live subscription costs: no suspended
 * async frame holding the message, the execution arguments and the last result, no `emit`
 * closures; a stream is one LiveOperation pulling its iterator (decision 0491).
 */
export async function runWsOperation(
  host: WsOperationHost,
  message: SubscribeMessage,
  prepare: PrepareOperation,
): Promise<void> {
  const { id } = message;
  host.ctx.subscriptions[id] = null;
  let live = false;
  try {
    const prepared = await prepare(host, id, message.payload);
    if (isErrors(prepared)) {
      if (id in host.ctx.subscriptions) await sendError(host, id, prepared);
      return;
    }
    const { args } = prepared;
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) {
      // Admitted by prepare: its slot is released here (graphql-ws never called onComplete here).
      host.release(id);
      if (id in host.ctx.subscriptions)
        await sendError(host, id, [new nodeGraphql.GraphQLError("Unable to identify operation")]);
      return;
    }
    const result = await (operation.operation === "subscription"
      ? prepared.subscribe(args)
      : prepared.execute(args));
    if (isAsyncIterable(result)) {
      if (id in host.ctx.subscriptions) {
        const stream = new LiveOperation(host, id, result[Symbol.asyncIterator]());
        host.ctx.subscriptions[id] = stream;
        live = true;
        stream.pull();
        return;
      }
      const early = result as Partial<AsyncGenerator<unknown>>;
      if (typeof early.return === "function") void early.return(undefined);
    } else if (id in host.ctx.subscriptions) {
      await sendNext(host, id, result);
    }
    await complete(host, id, id in host.ctx.subscriptions);
  } finally {
    if (!live) delete host.ctx.subscriptions[id];
  }
}

function isErrors(value: readonly GraphQLError[] | PreparedOperation): value is readonly GraphQLError[] {
  return Array.isArray(value);
}

/**
 * One live subscription: pulls its iterator, sends each result and waits for the send before the
 * next pull (graphql-ws' for-await did the same). graphql-ws sees it in `ctx.subscriptions` as an
 * async generator and calls `return()` on the client's `complete` and on close.
 */
export class LiveOperation {
  constructor(
    private readonly host: WsOperationHost,
    private readonly id: string,
    private readonly iterator: AsyncIterator<ExecutionResult>,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<ExecutionResult> {
    return this.iterator;
  }

  /** Stopped by the client or the close: the user's slot is free at once, the source's listener too. */
  async return(value?: unknown): Promise<IteratorResult<unknown>> {
    this.host.release(this.id);
    await this.iterator.return?.(value);
    return { done: true, value };
  }

  pull(): void {
    this.iterator.next().then(
      (step) => {
        if (step.done) this.finish(false, undefined);
        else this.deliver(step.value);
      },
      (error: unknown) => this.finish(true, error),
    );
  }

  private deliver(result: ExecutionResult): void {
    sendNext(this.host, this.id, result).then(
      () => this.pull(),
      // As for-await on a throwing body: the iterator is returned, the error reported.
      async (error: unknown) => {
        try {
          await this.iterator.return?.();
        } finally {
          this.finish(true, error);
        }
      },
    );
  }

  private finish(failed: boolean, error: unknown): void {
    this.end(failed, error).catch((fatal: unknown) => this.host.fail(fatal));
  }

  private async end(failed: boolean, error: unknown): Promise<void> {
    const mine = () => this.host.ctx.subscriptions[this.id] === this;
    try {
      if (failed) {
        const original = error instanceof Error ? error : new Error(String(error));
        await sendError(this.host, this.id, [
          new nodeGraphql.GraphQLError(original.message, { originalError: original }),
        ]);
        if (mine()) delete this.host.ctx.subscriptions[this.id];
      }
      await complete(this.host, this.id, mine());
    } finally {
      if (mine()) delete this.host.ctx.subscriptions[this.id];
    }
  }
}
