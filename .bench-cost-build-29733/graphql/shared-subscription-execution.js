import { createRequire } from "node:module";
import { getOperationAST, Kind, print } from "graphql";
import { isAsyncIterable, isPromise, makeSubscribe } from "graphql-yoga";
const SHARED_EXECUTION = "pinSharedExecution";
const graphqlRuntime = createRequire(import.meta.url)("graphql");
function useSharedSubscriptionExecution() {
  const resultsByEvent = /* @__PURE__ */ new WeakMap();
  const printed = /* @__PURE__ */ new WeakMap();
  const documentText = (document) => {
    let text = printed.get(document);
    if (text === void 0) {
      text = print(document);
      printed.set(document, text);
    }
    return text;
  };
  const executeEvent = (args, event) => graphqlRuntime.execute({ ...args, rootValue: event });
  function executeShared(args, key, event) {
    if (typeof event !== "object" || event === null) return executeEvent(args, event);
    let byOperation = resultsByEvent.get(event);
    if (!byOperation) {
      byOperation = /* @__PURE__ */ new Map();
      resultsByEvent.set(event, byOperation);
    }
    const shared = byOperation.get(key);
    if (shared === void 0) {
      const own = executeEvent(args, event);
      byOperation.set(key, own);
      return own;
    }
    const reuse = (result) => result.errors ? executeEvent(args, event) : result;
    return isPromise(shared) ? shared.then(reuse) : reuse(shared);
  }
  class SharedEvents {
    constructor(source, args, key, operation) {
      this.source = source;
      this.args = args;
      this.key = key;
      this.operation = operation;
    }
    source;
    args;
    key;
    operation;
    failure = null;
    [Symbol.asyncIterator]() {
      return this;
    }
    next() {
      return this.source.next().then(
        (step) => this.map(step),
        (error) => this.fail(error)
      );
    }
    return(value) {
      if (!this.source.return) return Promise.resolve({ value: void 0, done: true });
      return this.source.return(value).then(
        (step) => this.map(step),
        (error) => this.fail(error)
      );
    }
    throw(error) {
      if (this.source.throw)
        return this.source.throw(error).then(
          (step) => this.map(step),
          (failure) => this.fail(failure)
        );
      return this.abruptClose(error);
    }
    async map(step) {
      if (step.done) return step;
      try {
        return { value: await executeShared(this.args, this.key, await step.value), done: false };
      } catch (error) {
        return this.abruptClose(error);
      }
    }
    fail(error) {
      if (!this.failure) {
        const original = error instanceof Error ? error : new Error(String(error));
        this.failure = this.abruptClose(
          new graphqlRuntime.GraphQLError(original.message, {
            originalError: original,
            nodes: [this.operation]
          })
        );
      }
      return this.failure;
    }
    abruptClose(error) {
      const rethrow = () => {
        throw error;
      };
      if (!this.source.return) return Promise.reject(error);
      return this.source.return().then(rethrow, rethrow);
    }
  }
  return {
    onSubscribe({ args, setSubscribeFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation || !sharesExecution(args.schema, operation)) return;
      const variables = graphqlRuntime.getVariableValues(
        args.schema,
        operation.variableDefinitions ?? [],
        args.variableValues ?? {}
      );
      if (variables.errors) return;
      const key = `${args.operationName ?? ""}
${JSON.stringify(args.variableValues ?? {})}
${documentText(args.document)}`;
      setSubscribeFn(
        makeSubscribe(async (subscribeArgs) => {
          const source = await graphqlRuntime.createSourceEventStream(subscribeArgs);
          if (!isAsyncIterable(source)) return source;
          return new SharedEvents(source[Symbol.asyncIterator](), subscribeArgs, key, operation);
        })
      );
    }
  };
}
function sharesExecution(schema, operation) {
  if (operation.operation !== "subscription") return false;
  const [selection, ...rest] = operation.selectionSet.selections;
  if (!selection || rest.length > 0 || selection.kind !== Kind.FIELD) return false;
  const field = schema.getSubscriptionType()?.getFields()[selection.name.value];
  return field?.extensions?.[SHARED_EXECUTION] === true;
}
export {
  SHARED_EXECUTION,
  useSharedSubscriptionExecution
};
//# sourceMappingURL=shared-subscription-execution.js.map
