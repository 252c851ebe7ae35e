import { wsGraphQLError } from "../scalars/input-error.js";
import { LIMITS } from "./limits.js";
const WS_CLOSE = {
  /** graphql-ws' Forbidden: also the token's expiry (the client reconnects with a fresh token) */
  forbidden: 4403,
  tooManyConnections: 4429,
  slowConsumer: 4408,
  serverFull: 1013
};
const TOKEN_EXPIRED_REASON = "Token expired; reconnect with a fresh token";
function createWsLimits(deps) {
  const sockets = /* @__PURE__ */ new Map();
  const connectionsByUser = /* @__PURE__ */ new Map();
  const operationsByUser = /* @__PURE__ */ new Map();
  let streams = 0;
  const add = (map, key, delta) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  function forget(socket) {
    const state = sockets.get(socket);
    if (!state) return;
    sockets.delete(socket);
    deps.gauge.set(sockets.size);
    clearTimeout(state.expiry);
    if (state.userId) {
      add(connectionsByUser, state.userId, -1);
      add(operationsByUser, state.userId, -state.operations.size);
    }
  }
  return {
    /** Every new socket: the process-wide cap. */
    onSocket(socket) {
      if (sockets.size + streams >= LIMITS.wsMaxConnections) {
        deps.onRefused("ws_server_full");
        socket.close(WS_CLOSE.serverFull, "Server is at its connection limit");
        return;
      }
      sockets.set(socket, { userId: null, operations: /* @__PURE__ */ new Set() });
      deps.gauge.set(sockets.size);
    },
    /** The socket closed: its connection and operations leave the user's counts (the transport calls it). */
    forget,
    /**
     * The bounded send buffer: a socket whose unsent bytes pass the bound is terminated instead
     * of sent to; `done` is settled either way (graphql-ws waits for its send).
     */
    send(socket, data, done) {
      if (socket.bufferedAmount > LIMITS.wsMaxBufferedBytes) {
        deps.onRefused("ws_slow_consumer");
        socket.terminate();
        done();
        return;
      }
      socket.send(data, done);
    },
    /**
     * After the token was verified on connection_init: false (socket closed 4429) above the
     * per-user cap; otherwise the socket is closed 4403 at the token's expiry instant.
     */
    admitUser(socket, userId, expiresAtMs) {
      const state = sockets.get(socket);
      if (!state) return false;
      if ((connectionsByUser.get(userId) ?? 0) >= deps.settings.wsMaxConnectionsPerUser) {
        deps.onRefused("ws_connections_per_user");
        socket.close(WS_CLOSE.tooManyConnections, "Too many connections for this user");
        return false;
      }
      state.userId = userId;
      add(connectionsByUser, userId, 1);
      state.expiry = setTimeout(
        () => {
          deps.onRefused("ws_token_expired");
          socket.close(WS_CLOSE.forbidden, TOKEN_EXPIRED_REASON);
        },
        Math.max(0, expiresAtMs - Date.now())
      );
      state.expiry.unref();
      return true;
    },
    /**
     * A subscription over HTTP (SSE): the process cap (with the sockets), the user's connection
     * and subscription caps; an error (the stream is refused) or the admission to release.
     */
    admitStream(userId) {
      if (sockets.size + streams >= LIMITS.wsMaxConnections) {
        deps.onRefused("sse_server_full");
        return wsGraphQLError("Server is at its connection limit", "SERVER_BUSY");
      }
      if ((connectionsByUser.get(userId) ?? 0) >= deps.settings.wsMaxConnectionsPerUser) {
        deps.onRefused("sse_connections_per_user");
        return wsGraphQLError(
          `At most ${deps.settings.wsMaxConnectionsPerUser} live connections per user`,
          "TOO_MANY_CONNECTIONS"
        );
      }
      if ((operationsByUser.get(userId) ?? 0) >= deps.settings.wsMaxSubscriptionsPerUser) {
        deps.onRefused("sse_subscriptions_per_user");
        return wsGraphQLError(
          `At most ${deps.settings.wsMaxSubscriptionsPerUser} active subscriptions per user`,
          "TOO_MANY_SUBSCRIPTIONS"
        );
      }
      streams++;
      add(connectionsByUser, userId, 1);
      add(operationsByUser, userId, 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          streams--;
          add(connectionsByUser, userId, -1);
          add(operationsByUser, userId, -1);
        }
      };
    },
    /** Before an operation starts: an error when the user is over a cap (the operation is refused, the socket stays). */
    async admitOperation(socket, id) {
      const state = sockets.get(socket);
      const userId = state?.userId;
      if (!state || !userId) return wsGraphQLError("Not connected", "UNAUTHENTICATED");
      if ((operationsByUser.get(userId) ?? 0) >= deps.settings.wsMaxSubscriptionsPerUser) {
        deps.onRefused("ws_subscriptions_per_user");
        return wsGraphQLError(
          `At most ${deps.settings.wsMaxSubscriptionsPerUser} active subscriptions per user`,
          "TOO_MANY_SUBSCRIPTIONS"
        );
      }
      state.operations.add(id);
      add(operationsByUser, userId, 1);
      const taken = await deps.limiter.take(`user:${userId}`, deps.settings.rateLimitUserPerMinute);
      if (!taken.ok) {
        if (state.operations.delete(id)) add(operationsByUser, userId, -1);
        deps.onRefused("rate_user");
        return wsGraphQLError("Too many requests; slow down", "RATE_LIMITED");
      }
      return null;
    },
    /** An operation ended (completed, errored, or refused after admission). */
    release(socket, id) {
      const state = sockets.get(socket);
      if (!state?.userId || !state.operations.delete(id)) return;
      add(operationsByUser, state.userId, -1);
    },
    stats: () => ({
      connections: sockets.size,
      streams,
      users: connectionsByUser.size,
      operations: [...operationsByUser.values()].reduce((a, b) => a + b, 0)
    })
  };
}
export {
  TOKEN_EXPIRED_REASON,
  WS_CLOSE,
  createWsLimits
};
//# sourceMappingURL=ws-limits.js.map
