import { createRequire } from "node:module";
import type {
  DocumentNode,
  ExecutionArgs,
  ExecutionResult,
  GraphQLSchema,
  OperationDefinitionNode,
} from "graphql";
import { getOperationAST, Kind, print } from "graphql";
import { isAsyncIterable, isPromise, makeSubscribe, type Plugin } from "graphql-yoga";

/**
 * Field extension that opts a subscription field in: `extensions: { [SHARED_EXECUTION]: true }`.
 * It asserts that, given the same event object, every type reachable from the field resolves the
 * same for every viewer (no viewer-dependent fields or field-level auth below the root).
 */
export const SHARED_EXECUTION = "pinSharedExecution";

// The graphql instance Pothos built the schema with and yoga's executor uses. Under vitest an ESM
// import from src/ resolves to graphql's .mjs build, a second realm whose instanceof checks reject
// our schema; createSourceEventStream/execute must take the CommonJS one in every environment.
const graphqlRuntime = createRequire(import.meta.url)("graphql") as typeof import("graphql");

type MaybePromise<T> = T | Promise<T>;

/**
 * Shared execution of subscription events (decision 0007). graphql-js executes a subscription's
 * selection set once per subscriber per event; when 1,000 subscribers of one building receive the
 * same delta object, that is 1,000 identical executions. For opted-in fields this plugin executes
 * once per (event object, document + operation name + variables) and hands the same
 * ExecutionResult to every subscriber of that operation. Per-subscriber events (the snapshot) are
 * distinct objects and so are executed per subscriber as before. Auth (scope-auth's
 * authorizeOnSubscribe runs in the field's subscribe, i.e. in createSourceEventStream, per
 * subscriber) and the envelop result hooks (error masking) are unchanged: only the subscribe
 * function is swapped. A result with errors is never shared: each subscriber then executes on its
 * own, with its own context.
 */
export function useSharedSubscriptionExecution(): Plugin {
  const resultsByEvent = new WeakMap<object, Map<string, MaybePromise<ExecutionResult>>>();
  const printed = new WeakMap<DocumentNode, string>();

  const documentText = (document: DocumentNode): string => {
    let text = printed.get(document);
    if (text === undefined) {
      text = print(document);
      printed.set(document, text);
    }
    return text;
  };

  const executeEvent = (args: ExecutionArgs, event: unknown) =>
    graphqlRuntime.execute({ ...args, rootValue: event });

  function executeShared(args: ExecutionArgs, key: string, event: unknown): MaybePromise<ExecutionResult> {
    if (typeof event !== "object" || event === null) return executeEvent(args, event);
    let byOperation = resultsByEvent.get(event);
    if (!byOperation) {
      byOperation = new Map();
      resultsByEvent.set(event, byOperation);
    }
    const shared = byOperation.get(key);
    if (shared === undefined) {
      const own = executeEvent(args, event);
      byOperation.set(key, own);
      return own;
    }
    const reuse = (result: ExecutionResult) => (result.errors ? executeEvent(args, event) : result);
    return isPromise(shared) ? shared.then(reuse) : reuse(shared);
  }

  /**
   * The subscriber's event stream mapped to shared results: what mapAsyncIterator(source,
   * executeShared, onError) does, on one object with prototype methods instead of a dozen closures
   * per subscriber (decision 0491). A failing source ends as one GraphQLError on the operation (as
   * yoga's executor does), the source returned; that rejection is then the answer to every pull.
   */
  class SharedEvents implements AsyncIterableIterator<MaybePromise<ExecutionResult>> {
    private failure: Promise<never> | null = null;
    constructor(
      private readonly source: AsyncIterator<unknown>,
      private readonly args: ExecutionArgs,
      private readonly key: string,
      private readonly operation: OperationDefinitionNode,
    ) {}
    [Symbol.asyncIterator]() {
      return this;
    }
    next(): Promise<IteratorResult<MaybePromise<ExecutionResult>>> {
      return this.source.next().then(
        (step) => this.map(step),
        (error: unknown) => this.fail(error),
      );
    }
    return(value?: unknown): Promise<IteratorResult<MaybePromise<ExecutionResult>>> {
      if (!this.source.return) return Promise.resolve({ value: undefined, done: true });
      return this.source.return(value).then(
        (step) => this.map(step),
        (error: unknown) => this.fail(error),
      );
    }
    throw(error?: unknown): Promise<IteratorResult<MaybePromise<ExecutionResult>>> {
      if (this.source.throw)
        return this.source.throw(error).then(
          (step) => this.map(step),
          (failure: unknown) => this.fail(failure),
        );
      return this.abruptClose(error);
    }
    private async map(step: IteratorResult<unknown>): Promise<IteratorResult<MaybePromise<ExecutionResult>>> {
      if (step.done) return step as IteratorReturnResult<unknown> as IteratorResult<never>;
      try {
        return { value: await executeShared(this.args, this.key, await step.value), done: false };
      } catch (error) {
        return this.abruptClose(error);
      }
    }
    private fail(error: unknown): Promise<never> {
      if (!this.failure) {
        // As yoga's executor does: a failing event stream ends as a GraphQLError on the operation.
        const original = error instanceof Error ? error : new Error(String(error));
        this.failure = this.abruptClose(
          new graphqlRuntime.GraphQLError(original.message, {
            originalError: original,
            nodes: [this.operation],
          }),
        );
      }
      return this.failure;
    }
    private abruptClose(error: unknown): Promise<never> {
      const rethrow = (): never => {
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
      // Bad variables: leave the default subscribe in place so the client gets its usual errors.
      const variables = graphqlRuntime.getVariableValues(
        args.schema,
        operation.variableDefinitions ?? [],
        args.variableValues ?? {},
      );
      if (variables.errors) return;
      const key = `${args.operationName ?? ""}\n${JSON.stringify(args.variableValues ?? {})}\n${documentText(args.document)}`;
      setSubscribeFn(
        makeSubscribe(async (subscribeArgs: ExecutionArgs) => {
          const source = await graphqlRuntime.createSourceEventStream(subscribeArgs);
          if (!isAsyncIterable(source)) return source;
          return new SharedEvents(source[Symbol.asyncIterator](), subscribeArgs, key, operation);
        }),
      );
    },
  };
}

/** Only a single root field, selected directly, whose schema field carries the extension. */
function sharesExecution(schema: GraphQLSchema, operation: OperationDefinitionNode): boolean {
  if (operation.operation !== "subscription") return false;
  const [selection, ...rest] = operation.selectionSet.selections;
  if (!selection || rest.length > 0 || selection.kind !== Kind.FIELD) return false;
  const field = schema.getSubscriptionType()?.getFields()[selection.name.value];
  return field?.extensions?.[SHARED_EXECUTION] === true;
}
