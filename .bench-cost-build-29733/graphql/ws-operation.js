import { createRequire } from "node:module";
import { getOperationAST } from "graphql";
import {
  MessageType,
  stringifyMessage
} from "graphql-ws";
const nodeGraphql = createRequire(import.meta.url)("graphql");
const isAsyncIterable = (value) => typeof Object(value)[Symbol.asyncIterator] === "function";
const sendNext = (host, id, result) => {
  const { errors, ...withoutErrors } = result;
  return host.send(
    stringifyMessage({
      id,
      type: MessageType.Next,
      payload: { ...withoutErrors, ...errors ? { errors: errors.map((e) => e.toJSON()) } : {} }
    })
  );
};
const sendError = (host, id, errors) => host.send(stringifyMessage({ id, type: MessageType.Error, payload: errors.map((e) => e.toJSON()) }));
async function complete(host, id, notifyClient) {
  host.release(id);
  if (notifyClient) await host.send(stringifyMessage({ id, type: MessageType.Complete }));
}
async function runWsOperation(host, message, prepare) {
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
      host.release(id);
      if (id in host.ctx.subscriptions)
        await sendError(host, id, [new nodeGraphql.GraphQLError("Unable to identify operation")]);
      return;
    }
    const result = await (operation.operation === "subscription" ? prepared.subscribe(args) : prepared.execute(args));
    if (isAsyncIterable(result)) {
      if (id in host.ctx.subscriptions) {
        const stream = new LiveOperation(host, id, result[Symbol.asyncIterator]());
        host.ctx.subscriptions[id] = stream;
        live = true;
        stream.pull();
        return;
      }
      const early = result;
      if (typeof early.return === "function") void early.return(void 0);
    } else if (id in host.ctx.subscriptions) {
      await sendNext(host, id, result);
    }
    await complete(host, id, id in host.ctx.subscriptions);
  } finally {
    if (!live) delete host.ctx.subscriptions[id];
  }
}
function isErrors(value) {
  return Array.isArray(value);
}
class LiveOperation {
  constructor(host, id, iterator) {
    this.host = host;
    this.id = id;
    this.iterator = iterator;
  }
  host;
  id;
  iterator;
  [Symbol.asyncIterator]() {
    return this.iterator;
  }
  /** Stopped by the client or the close: the user's slot is free at once, the source's listener too. */
  async return(value) {
    this.host.release(this.id);
    await this.iterator.return?.(value);
    return { done: true, value };
  }
  pull() {
    this.iterator.next().then(
      (step) => {
        if (step.done) this.finish(false, void 0);
        else this.deliver(step.value);
      },
      (error) => this.finish(true, error)
    );
  }
  deliver(result) {
    sendNext(this.host, this.id, result).then(
      () => this.pull(),
      // As for-await on a throwing body: the iterator is returned, the error reported.
      async (error) => {
        try {
          await this.iterator.return?.();
        } finally {
          this.finish(true, error);
        }
      }
    );
  }
  finish(failed, error) {
    this.end(failed, error).catch((fatal) => this.host.fail(fatal));
  }
  async end(failed, error) {
    const mine = () => this.host.ctx.subscriptions[this.id] === this;
    try {
      if (failed) {
        const original = error instanceof Error ? error : new Error(String(error));
        await sendError(this.host, this.id, [
          new nodeGraphql.GraphQLError(original.message, { originalError: original })
        ]);
        if (mine()) delete this.host.ctx.subscriptions[this.id];
      }
      await complete(this.host, this.id, mine());
    } finally {
      if (mine()) delete this.host.ctx.subscriptions[this.id];
    }
  }
}
export {
  LiveOperation,
  runWsOperation
};
//# sourceMappingURL=ws-operation.js.map
