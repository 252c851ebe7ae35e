import {
  CloseCode,
  DEPRECATED_GRAPHQL_WS_PROTOCOL,
  handleProtocols,
  MessageType,
  makeServer,
  parseMessage
} from "graphql-ws";
import { WebSocketServer } from "ws";
import { bearerToken } from "../platform/auth/jwt.js";
import { wsGraphQLError } from "./scalars/input-error.js";
import { LIMITS } from "./security/limits.js";
import { persistedMessageReviver } from "./security/persisted-operations.js";
import { newRequestScope, runInRequestScope } from "./security/request-scope.js";
import { runWsOperation } from "./ws-operation.js";
import { GRAPHQL_PATH } from "./yoga.js";
function createGraphqlWsServer(options) {
  const { httpServer, yoga, tokens, settings, persisted } = options;
  const wsServer = new WebSocketServer({
    server: httpServer,
    path: GRAPHQL_PATH,
    maxPayload: LIMITS.wsMaxPayloadBytes
  });
  const ws = options.live;
  const protocol = makeServer({
    connectionInitWaitTimeout: LIMITS.wsConnectionInitTimeoutMs,
    // persisted operations: a subscribe message with an id and no `query` (see the reviver)
    ...persisted.lookup ? { jsonMessageReviver: persistedMessageReviver } : {},
    // graphql-ws authenticates once, on connection_init; a bad or missing token closes with 4403.
    onConnect: async (ctx) => {
      ctx.extra.context = ctx;
      const authorization = ctx.connectionParams?.authorization;
      if (typeof authorization !== "string") return false;
      let session;
      try {
        session = await tokens.verifySession(bearerToken(authorization) ?? "");
      } catch {
        return false;
      }
      return ws.admitUser(ctx.extra.socket, session.viewer.userId, session.expiresAtMs);
    }
  });
  const prepare = async (host, id, params) => {
    const socket = host.socket;
    const admitted = await ws.admitOperation(socket, id);
    if (admitted) return [admitted];
    const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
      connectionParams: host.ctx.connectionParams
    });
    let query = params.query;
    if (persisted.lookup) {
      const found = persisted.lookup(params);
      if (!found.ok) {
        ws.release(socket, id);
        return [wsGraphQLError(found.message, found.code)];
      }
      query = found.document;
    }
    let document;
    try {
      document = parse(query);
    } catch (error) {
      ws.release(socket, id);
      return [operationError(error, "GRAPHQL_PARSE_FAILED")];
    }
    let errors;
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
        contextValue: await contextFactory()
      },
      execute: (args) => runInRequestScope(scope, () => execute(args)),
      subscribe: (args) => runInRequestScope(scope, () => subscribe(args))
    };
  };
  const transport = attachGraphqlWs(wsServer, protocol, {
    isProd: settings.nodeEnv === "production",
    onSocket: (socket) => ws.onSocket(socket),
    onClose: (socket) => ws.forget(socket),
    send: (socket, data, done) => ws.send(socket, data, done),
    release: (socket, id) => ws.release(socket, id),
    prepare,
    reviver: persisted.lookup ? persistedMessageReviver : void 0
  });
  return {
    async dispose() {
      await transport.dispose();
      await new Promise((resolve) => wsServer.close(() => resolve()));
    }
  };
}
const KEEP_ALIVE_MS = 12e3;
const limitCloseReason = (reason, whenTooLong) => reason.length < 124 ? reason : whenTooLong;
function attachGraphqlWs(wsServer, protocol, hooks) {
  const connections = /* @__PURE__ */ new Map();
  const unanswered = /* @__PURE__ */ new Set();
  const internalError = (error) => hooks.isProd ? "Internal server error" : limitCloseReason(error instanceof Error ? error.message : String(error), "Internal server error");
  class Connection {
    constructor(socket) {
      this.socket = socket;
    }
    socket;
    handler = null;
    closed = null;
    context = null;
    get protocol() {
      return this.socket.protocol;
    }
    get ctx() {
      if (!this.context) throw new Error("graphql-ws context used before connection_init");
      return this.context;
    }
    fail(error) {
      failed(this.socket, error);
    }
    release(id) {
      hooks.release(this.socket, id);
    }
    send(data) {
      return new Promise((resolve, reject) => {
        if (this.socket.readyState !== this.socket.OPEN) return resolve();
        hooks.send(this.socket, data, (error) => error ? reject(error) : resolve());
      });
    }
    close(code, reason) {
      this.socket.close(code, reason);
    }
    onMessage(handler) {
      this.handler = handler;
    }
  }
  function failed(socket, error) {
    console.error(
      "Internal error occurred during message handling. Please check your implementation.",
      error
    );
    socket.close(CloseCode.InternalServerError, internalError(error));
  }
  function onMessage(data) {
    const connection = connections.get(this);
    const handler = connection?.handler;
    if (!connection || !handler) return;
    const text = String(data);
    const subscribe = connection.context?.acknowledged ? newSubscribe(text, connection.context) : null;
    if (subscribe) {
      runWsOperation(connection, subscribe, hooks.prepare).catch((error) => failed(this, error));
      return;
    }
    handler(text).catch((error) => failed(this, error));
  }
  function onPong() {
    unanswered.delete(this);
  }
  function onSocketError(error) {
    console.error("Internal error emitted on a WebSocket socket. Please check your implementation.", error);
    this.close(CloseCode.InternalServerError, internalError(error));
  }
  function onSocketClose(code, reason) {
    hooks.onClose(this);
    unanswered.delete(this);
    const connection = connections.get(this);
    connections.delete(this);
    if (!hooks.isProd && code === CloseCode.SubprotocolNotAcceptable && this.protocol === DEPRECATED_GRAPHQL_WS_PROTOCOL)
      console.warn(
        `Client provided the unsupported and deprecated subprotocol "${this.protocol}" used by subscriptions-transport-ws.`
      );
    void connection?.closed?.(code, String(reason));
  }
  function newSubscribe(text, ctx) {
    let message;
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
  wsServer.on("connection", (socket) => {
    hooks.onSocket(socket);
    socket.on("error", onSocketError);
    const connection = new Connection(socket);
    connections.set(socket, connection);
    socket.on("message", onMessage);
    socket.on("pong", onPong);
    socket.on("close", onSocketClose);
    connection.closed = protocol.opened(connection, connection);
  });
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
    }
  };
}
function operationError(error, fallback) {
  const code = error?.extensions?.code;
  const message = error instanceof Error ? error.message : "Invalid operation";
  return wsGraphQLError(message, typeof code === "string" ? code : fallback);
}
export {
  createGraphqlWsServer
};
//# sourceMappingURL=ws-server.js.map
