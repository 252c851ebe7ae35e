import type { Server } from "node:http";
import type { ExecutionArgs, GraphQLError } from "graphql";
import type { OperationResult, Context as WsContext } from "graphql-ws";
import { useServer } from "graphql-ws/use/ws";
import { type WebSocket, WebSocketServer } from "ws";
import { bearerToken, type TokenService, type VerifiedSession } from "../platform/auth/jwt.js";
import type { ApiDeps } from "./context.js";
import { wsGraphQLError } from "./scalars/input-error.js";
import { LIMITS } from "./security/limits.js";
import { persistedMessageReviver } from "./security/persisted-operations.js";
import { newRequestScope, runInRequestScope } from "./security/request-scope.js";
import { type ApiYoga, GRAPHQL_PATH, type LiveLimits, type PersistedOperations } from "./yoga.js";

export interface GraphqlWsServerOptions {
  readonly httpServer: Server;
  readonly yoga: ApiYoga;
  readonly tokens: TokenService;
  readonly settings: ApiDeps["settings"];
  readonly persisted: PersistedOperations;
  readonly live: LiveLimits;
}

export interface GraphqlWsServer {
  /** Ends every operation and socket, then closes the WebSocket server. */
  dispose(): Promise<void>;
}

/**
 * GraphQL over WebSocket (graphql-ws) on the HTTP server's GRAPHQL_PATH, through yoga's envelop:
 * auth once on connection_init, the per-user connection/operation caps, persisted documents, and
 * a parse/validate refusal failing one operation, not the socket.
 */
export function createGraphqlWsServer(options: GraphqlWsServerOptions): GraphqlWsServer {
  const { httpServer, yoga, tokens, settings, persisted } = options;
  // Frames above wsMaxPayloadBytes close the connection (1009) before they are buffered whole.
  const wsServer = new WebSocketServer({
    server: httpServer,
    path: GRAPHQL_PATH,
    maxPayload: LIMITS.wsMaxPayloadBytes,
  });
  const ws = options.live;
  wsServer.on("connection", (socket: WebSocket) => ws.onSocket(socket));
  const wsCleanup = useServer<Record<string, unknown>>(
    {
      connectionInitWaitTimeout: LIMITS.wsConnectionInitTimeoutMs,
      // persisted operations: a subscribe message with an id and no `query` (see the reviver)
      ...(persisted.lookup ? { jsonMessageReviver: persistedMessageReviver } : {}),
      // graphql-ws authenticates once, on connection_init; a bad or missing token closes with 4403.
      onConnect: async (ctx: WsContext<Record<string, unknown>>) => {
        const authorization = ctx.connectionParams?.authorization;
        if (typeof authorization !== "string") return false;
        let session: VerifiedSession;
        try {
          session = await tokens.verifySession(bearerToken(authorization) ?? "");
        } catch {
          return false;
        }
        return ws.admitUser(
          (ctx.extra as { socket: WebSocket }).socket,
          session.viewer.userId,
          session.expiresAtMs,
        );
      },
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args),
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args),
      onSubscribe: async (ctx, id, params) => {
        const socket = ctx.extra.socket as WebSocket;
        const admitted = ws.admitOperation(socket, id);
        if (admitted) return [admitted];
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          connectionParams: ctx.connectionParams,
          params,
        });
        let query = params.query;
        if (persisted.lookup) {
          const found = persisted.lookup(params as typeof params & { documentId?: unknown });
          if (!found.ok) {
            ws.release(socket, id);
            return [wsGraphQLError(found.message, found.code)];
          }
          query = found.document;
        }
        // A refusal in parse or validate (depth, aliases, tokens, nesting) fails this operation
        // only: thrown out of onSubscribe it would close the whole socket (4500).
        let document: ReturnType<typeof parse>;
        try {
          document = parse(query);
        } catch (error) {
          ws.release(socket, id);
          return [operationError(error, "GRAPHQL_PARSE_FAILED")];
        }
        let errors: readonly GraphQLError[];
        try {
          errors = validate(schema, document);
        } catch (error) {
          errors = [operationError(error, "GRAPHQL_VALIDATION_FAILED")];
        }
        if (errors.length > 0) {
          ws.release(socket, id);
          return errors.map((error) => operationError(error, "GRAPHQL_VALIDATION_FAILED"));
        }
        const scope = newRequestScope(settings.requestDbConcurrency);
        return {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: {
            execute: (args: ExecutionArgs) => runInRequestScope(scope, () => execute(args)),
            subscribe: async (args: ExecutionArgs) =>
              stoppable(await runInRequestScope(scope, () => subscribe(args)), () => ws.release(socket, id)),
          },
        };
      },
      onComplete: (ctx, id) => ws.release((ctx.extra as { socket: WebSocket }).socket, id),
    },
    wsServer,
  );

  return {
    async dispose() {
      await wsCleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}

/**
 * graphql-ws stops a subscription on the client's `complete` only when it looks like an async
 * generator (it calls return()); this wrapper makes every subscription stoppable at once — even
 * while it waits for its next event — freeing the user's subscription slot and the source's listener.
 */
function stoppable<T>(result: T, onStop: () => void): T {
  if (typeof result !== "object" || result === null || !(Symbol.asyncIterator in result)) return result;
  const inner = (result as unknown as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const stop = async (value?: unknown) => {
    onStop();
    await inner.return?.(value);
    return { done: true as const, value };
  };
  const iterator = {
    [Symbol.asyncIterator]: () => iterator,
    next: () => inner.next(),
    return: stop,
    throw: async (error: unknown) => {
      await stop();
      throw error;
    },
  };
  return iterator as unknown as T;
}

/**
 * An error for one graphql-ws operation, built with the graphql module graphql-ws checks against:
 * the refusal's own message and code (e.g. DOCUMENT_TOO_DEEP), or `fallback`.
 */
function operationError(error: unknown, fallback: string): GraphQLError {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  const message = error instanceof Error ? error.message : "Invalid operation";
  return wsGraphQLError(message, typeof code === "string" ? code : fallback);
}

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => OperationResult;
  subscribe: (args: ExecutionArgs) => OperationResult;
}
