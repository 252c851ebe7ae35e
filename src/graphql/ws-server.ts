import type { Server } from "node:http";
import type { ExecutionArgs, GraphQLError } from "graphql";
import {
  CloseCode,
  DEPRECATED_GRAPHQL_WS_PROTOCOL,
  handleProtocols,
  type JSONMessageReviver,
  MessageType,
  makeServer,
  parseMessage,
  type SubscribeMessage,
  type Context as WsContext,
} from "graphql-ws";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { bearerToken, type TokenService, type VerifiedSession } from "../platform/auth/jwt.js";
import type { ApiDeps } from "./context.js";
import { wsGraphQLError } from "./scalars/input-error.js";
import { LIMITS } from "./security/limits.js";
import { persistedMessageReviver } from "./security/persisted-operations.js";
import { newRequestScope, runInRequestScope } from "./security/request-scope.js";
import { type PrepareOperation, runWsOperation, type WsOperationHost } from "./ws-operation.js";
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
  const protocol = makeServer<Record<string, unknown>, WsExtra>({
    connectionInitWaitTimeout: LIMITS.wsConnectionInitTimeoutMs,
    // persisted operations: a subscribe message with an id and no `query` (see the reviver)
    ...(persisted.lookup ? { jsonMessageReviver: persistedMessageReviver } : {}),
    // graphql-ws authenticates once, on connection_init; a bad or missing token closes with 4403.
    onConnect: async (ctx: WsContext<Record<string, unknown>, WsExtra>) => {
      // Our operation loop reads the connection's state (acknowledged, subscriptions) from here.
      ctx.extra.context = ctx;
      const authorization = ctx.connectionParams?.authorization;
      if (typeof authorization !== "string") return false;
      let session: VerifiedSession;
      try {
        session = await tokens.verifySession(bearerToken(authorization) ?? "");
      } catch {
        return false;
      }
      return ws.admitUser(ctx.extra.socket, session.viewer.userId, session.expiresAtMs);
    },
  });
  /** graphql-ws' onSubscribe, for our own operation loop (src/graphql/ws-operation.ts). */
  const prepare: PrepareOperation = async (host, id, params) => {
    const socket = (host as WsExtra).socket;
    const admitted = await ws.admitOperation(socket, id);
    if (admitted) return [admitted];
    // Only what the context factory reads: a copy of graphql-ws' connection context (its
    // subscriptions, its extra) would be retained per subscriber.
    const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
      connectionParams: host.ctx.connectionParams,
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
      args: {
        schema,
        operationName: params.operationName,
        document,
        variableValues: params.variables,
        contextValue: await contextFactory(),
      },
      execute: (args: ExecutionArgs) => runInRequestScope(scope, () => execute(args)),
      subscribe: (args: ExecutionArgs) => runInRequestScope(scope, () => subscribe(args)),
    };
  };
  const transport = attachGraphqlWs(wsServer, protocol, {
    isProd: settings.nodeEnv === "production",
    onSocket: (socket) => ws.onSocket(socket),
    onClose: (socket) => ws.forget(socket),
    send: (socket, data, done) => ws.send(socket, data, done),
    release: (socket, id) => ws.release(socket, id),
    prepare,
    reviver: persisted.lookup ? persistedMessageReviver : undefined,
  });

  return {
    async dispose() {
      await transport.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}

/**
 * What graphql-ws' context carries of the transport: the connection itself (its socket, not the
 * upgrade request), which also holds graphql-ws' context once connection_init arrived.
 */
interface WsExtra extends WsOperationHost {
  readonly socket: WebSocket;
  context: WsContext<Record<string, unknown>, WsExtra> | null;
}

const KEEP_ALIVE_MS = 12_000;
/** graphql-ws' rule: a close reason must fit the frame (123 bytes). */
const limitCloseReason = (reason: string, whenTooLong: string) =>
  reason.length < 124 ? reason : whenTooLong;
interface TransportHooks {
  readonly isProd: boolean;
  /** every new socket, before the protocol sees it (the caps may close it) */
  onSocket(socket: WebSocket): void;
  /** the socket closed, before its operations are ended */
  onClose(socket: WebSocket): void;
  /** sends one message (the caps may drop a slow consumer instead; `done` settles either way) */
  send(socket: WebSocket, data: string, done: (error?: Error) => void): void;
  /** an operation of the socket ended (graphql-ws' onComplete) */
  release(socket: WebSocket, id: string): void;
  /** graphql-ws' onSubscribe, for the operations this transport runs itself */
  readonly prepare: PrepareOperation;
  readonly reviver: JSONMessageReviver | undefined;
}

/**
 * graphql-ws' protocol (makeServer) on a `ws` server, as graphql-ws' own `useServer` wires it —
 * same protocol, same close codes, same 12 s ping / pong keep-alive — at a lower cost per
 * connection: one shared keep-alive sweep instead of an interval and a timeout per socket, shared
 * listeners instead of closures per socket, and no retained upgrade request (decision 0490).
 */
function attachGraphqlWs(
  wsServer: WebSocketServer,
  protocol: ReturnType<typeof makeServer<Record<string, unknown>, WsExtra>>,
  hooks: TransportHooks,
) {
  const connections = new Map<WebSocket, Connection>();
  /** sockets pinged by the last sweep that have not answered yet */
  const unanswered = new Set<WebSocket>();
  const internalError = (error: unknown) =>
    hooks.isProd
      ? "Internal server error"
      : limitCloseReason(error instanceof Error ? error.message : String(error), "Internal server error");

  class Connection implements WsExtra {
    handler: ((data: string) => Promise<void>) | null = null;
    closed: ((code?: number, reason?: string) => Promise<void>) | null = null;
    context: WsContext<Record<string, unknown>, WsExtra> | null = null;
    constructor(readonly socket: WebSocket) {}
    get protocol() {
      return this.socket.protocol;
    }
    get ctx(): WsContext<Record<string, unknown>, WsExtra> {
      if (!this.context) throw new Error("graphql-ws context used before connection_init");
      return this.context;
    }
    fail(error: unknown): void {
      failed(this.socket, error);
    }
    release(id: string): void {
      hooks.release(this.socket, id);
    }
    send(data: string): Promise<void> {
      return new Promise((resolve, reject) => {
        if (this.socket.readyState !== this.socket.OPEN) return resolve();
        hooks.send(this.socket, data, (error) => (error ? reject(error) : resolve()));
      });
    }
    close(code?: number, reason?: string): void {
      this.socket.close(code, reason);
    }
    onMessage(handler: (data: string) => Promise<void>): void {
      this.handler = handler;
    }
  }

  function failed(socket: WebSocket, error: unknown): void {
    console.error(
      "Internal error occurred during message handling. Please check your implementation.",
      error,
    );
    socket.close(CloseCode.InternalServerError, internalError(error));
  }
  function onMessage(this: WebSocket, data: RawData): void {
    const connection = connections.get(this);
    const handler = connection?.handler;
    if (!connection || !handler) return;
    const text = String(data);
    const subscribe = connection.context?.acknowledged ? newSubscribe(text, connection.context) : null;
    if (subscribe) {
      runWsOperation(connection, subscribe, hooks.prepare).catch((error: unknown) => failed(this, error));
      return;
    }
    handler(text).catch((error: unknown) => failed(this, error));
  }
  function onPong(this: WebSocket): void {
    unanswered.delete(this);
  }
  function onSocketError(this: WebSocket, error: Error): void {
    console.error("Internal error emitted on a WebSocket socket. Please check your implementation.", error);
    this.close(CloseCode.InternalServerError, internalError(error));
  }
  function onSocketClose(this: WebSocket, code: number, reason: Buffer): void {
    hooks.onClose(this);
    unanswered.delete(this);
    const connection = connections.get(this);
    connections.delete(this);
    if (
      !hooks.isProd &&
      code === CloseCode.SubprotocolNotAcceptable &&
      this.protocol === DEPRECATED_GRAPHQL_WS_PROTOCOL
    )
      console.warn(
        `Client provided the unsupported and deprecated subprotocol "${this.protocol}" used by subscriptions-transport-ws.`,
      );
    void connection?.closed?.(code, String(reason));
  }

  /**
   * A valid `subscribe` message with an id not in use: run by runWsOperation. Anything else —
   * other messages, an invalid one, a duplicate id — goes to graphql-ws, which answers or closes.
   */
  function newSubscribe(
    text: string,
    ctx: WsContext<Record<string, unknown>, WsExtra>,
  ): SubscribeMessage | null {
    let message: ReturnType<typeof parseMessage>;
    try {
      message = parseMessage(text, hooks.reviver);
    } catch {
      return null;
    }
    if (message.type !== MessageType.Subscribe || message.id in ctx.subscriptions) return null;
    return message;
  }

  wsServer.options.handleProtocols = handleProtocols;
  wsServer.once("error", (error) => {
    console.error("Internal error emitted on the WebSocket server. Please check your implementation.", error);
    for (const client of wsServer.clients) client.close(CloseCode.InternalServerError, internalError(error));
  });
  wsServer.on("connection", (socket: WebSocket) => {
    hooks.onSocket(socket);
    socket.on("error", onSocketError);
    const connection = new Connection(socket);
    connections.set(socket, connection);
    socket.on("message", onMessage);
    socket.on("pong", onPong);
    socket.on("close", onSocketClose);
    connection.closed = protocol.opened(connection, connection);
  });

  // One sweep for every socket: a socket that did not answer the previous ping is dropped.
  const keepAlive = setInterval(() => {
    for (const socket of connections.keys()) {
      if (socket.readyState !== socket.OPEN) continue;
      if (unanswered.has(socket)) {
        unanswered.delete(socket);
        socket.terminate();
        continue;
      }
      unanswered.add(socket);
      socket.ping();
    }
  }, KEEP_ALIVE_MS);
  keepAlive.unref();

  return {
    async dispose() {
      clearInterval(keepAlive);
      for (const client of wsServer.clients) client.close(1001, "Going away");
      wsServer.removeAllListeners();
    },
  };
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
