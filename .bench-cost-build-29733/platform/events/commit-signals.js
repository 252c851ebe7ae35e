import pg from "pg";
import { counter } from "../metrics/registry.js";
const COMMIT_CHANNEL = {
  outbox: "pin_outbox",
  eventLog: "pin_event_log",
  /** a parked message was parked or made due earlier; the payload is its consumer group (decision 0613) */
  parked: "pin_parked"
};
function idleInterval(signals, pollMs, fallbackMs) {
  return () => signals?.listening() ? Math.max(pollMs, fallbackMs) : pollMs;
}
const CONNECT_TIMEOUT_MS = 1e4;
const RETRY_MIN_MS = 1e3;
const RETRY_MAX_MS = 3e4;
function listenClient(url) {
  return new pg.Client({
    connectionString: url,
    application_name: "pin-commit-signals",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS
  });
}
function addListener(listeners, channel, listener) {
  let set = listeners.get(channel);
  if (!set) {
    set = /* @__PURE__ */ new Set();
    listeners.set(channel, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
function createCommitSignals(deps) {
  const listeners = /* @__PURE__ */ new Map();
  const received = counter(
    deps.metrics,
    "pin_commit_signals_total",
    "Commit notifications received (LISTEN/NOTIFY wake-ups of the outbox relay, the local log's readers and the parked scanners)",
    ["channel"]
  );
  let client = null;
  let connecting = null;
  let retryTimer = null;
  let failures = 0;
  let closed = false;
  function fire(channel, payload = "") {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  }
  function scheduleReconnect() {
    if (closed || retryTimer) return;
    failures += 1;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failures - 1, 10));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  }
  function connect() {
    if (closed || client) return Promise.resolve();
    connecting ??= (async () => {
      const c = listenClient(deps.url);
      const lost = (error) => {
        if (client !== c) return;
        client = null;
        c.end().catch(() => {
        });
        if (closed) return;
        deps.log.warn({ err: error }, "commit-signal connection lost; pollers fall back to their intervals");
        for (const channel of listeners.keys()) fire(channel);
        scheduleReconnect();
      };
      c.on("error", lost);
      c.on("end", () => lost());
      c.on("notification", (n) => {
        const channel = n.channel;
        if (!listeners.has(channel)) return;
        received.inc({ channel });
        fire(channel, n.payload ?? "");
      });
      try {
        await c.connect();
        for (const channel of Object.values(COMMIT_CHANNEL)) await c.query(`LISTEN ${channel}`);
        if (closed) {
          await c.end().catch(() => {
          });
          return;
        }
        client = c;
        if (failures > 0) deps.log.info({ failures }, "commit-signal connection back");
        for (const channel of listeners.keys()) fire(channel);
        failures = 0;
      } catch (error) {
        c.end().catch(() => {
        });
        if (!closed) {
          if (failures === 0)
            deps.log.warn({ err: error }, "commit-signal connection failed; polling only, retrying");
          scheduleReconnect();
        }
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }
  return {
    on(channel, listener) {
      const remove = addListener(listeners, channel, listener);
      void connect();
      return remove;
    },
    listening: () => client !== null,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await connecting?.catch(() => {
      });
      const c = client;
      client = null;
      await c?.end().catch(() => {
      });
    }
  };
}
export {
  COMMIT_CHANNEL,
  createCommitSignals,
  idleInterval
};
//# sourceMappingURL=commit-signals.js.map
