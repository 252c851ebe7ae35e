import pg from "pg";
import type { Logger } from "../log/logger.js";
import { counter, type Registry } from "../metrics/registry.js";

/**
 * Commit signals (issue #26, decision 0485): one LISTEN connection per process, outside the Prisma
 * pool, on which PostgreSQL tells the pollers that rows were committed — the outbox's statement
 * trigger NOTIFYs `pin_outbox`, the local event log's `pin_event_log`. A NOTIFY is delivered at
 * commit and only then, so a woken poller reads what the signal is about.
 *
 * While this connection listens, the pollers it wakes sleep a slow fallback interval between
 * passes (`idleInterval`, PIN_COMMIT_SIGNAL_FALLBACK_MS, decision 0588): an idle system runs no
 * query a few times a second. While it is down (PostgreSQL restarted, a pooler in transaction mode
 * in front of it) they poll at their own interval again. A lost connection calls every listener
 * once (the pollers' long sleeps end and they poll at their interval) and is re-opened with a
 * doubling backoff (1 s → 30 s); after a reconnect every listener is called once more, for commits
 * missed meanwhile.
 */
/**
 * The payload of a commit's `pin_outbox` signal (decision 0633): the relay's listeners tell it from
 * the connection's own wake-up ("" after a (re)connect or a loss: anything may have been missed).
 */
export const OUTBOX_COMMIT_PAYLOAD = "commit";

export const COMMIT_CHANNEL = {
  outbox: "pin_outbox",
  eventLog: "pin_event_log",
  /** a parked message was parked or made due earlier; the payload is its consumer group (decision 0613) */
  parked: "pin_parked",
} as const;
export type CommitChannel = (typeof COMMIT_CHANNEL)[keyof typeof COMMIT_CHANNEL];

export interface CommitSignals {
  /**
   * Calls `listener` after each commit signalled on `channel`, with the notification's payload
   * ("" when the connection was (re)established or lost: anything may have been missed); returns
   * the unsubscribe.
   */
  on(channel: CommitChannel, listener: (payload: string) => void): () => void;
  /** True while the LISTEN connection is up: a commit on a channel will be signalled. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * The idle sleep of a poller woken by `signals`: `fallbackMs` (at least `pollMs`) while the
 * signals' connection listens, `pollMs` otherwise (no signals, or their connection down).
 */
export function idleInterval(
  signals: CommitSignals | undefined,
  pollMs: number,
  fallbackMs: number,
): () => number {
  return () => (signals?.listening() ? Math.max(pollMs, fallbackMs) : pollMs);
}

const CONNECT_TIMEOUT_MS = 10_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

function listenClient(url: string): pg.Client {
  return new pg.Client({
    connectionString: url,
    application_name: "pin-commit-signals",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
}

/** Adds `listener` to the channel's; returns its removal. */
function addListener(
  listeners: Map<CommitChannel, Set<(payload: string) => void>>,
  channel: CommitChannel,
  listener: (payload: string) => void,
): () => void {
  let set = listeners.get(channel);
  if (!set) {
    set = new Set();
    listeners.set(channel, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function createCommitSignals(deps: { url: string; log: Logger; metrics: Registry }): CommitSignals {
  const listeners = new Map<CommitChannel, Set<(payload: string) => void>>();
  const received = counter(
    deps.metrics,
    "pin_commit_signals_total",
    "Commit notifications received (LISTEN/NOTIFY wake-ups of the outbox relay, the local log's readers and the parked scanners)",
    ["channel"],
  );
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  function fire(channel: CommitChannel, payload = ""): void {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    failures += 1;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failures - 1, 10));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  function connect(): Promise<void> {
    if (closed || client) return Promise.resolve();
    connecting ??= (async () => {
      const c = listenClient(deps.url);
      const lost = (error?: unknown) => {
        if (client !== c) return;
        client = null;
        c.end().catch(() => {});
        if (closed) return;
        deps.log.warn({ err: error }, "commit-signal connection lost; pollers fall back to their intervals");
        // The pollers' long sleeps end: they poll at their own interval until the signals are back.
        for (const channel of listeners.keys()) fire(channel);
        scheduleReconnect();
      };
      c.on("error", lost);
      c.on("end", () => lost());
      c.on("notification", (n) => {
        const channel = n.channel as CommitChannel;
        if (!listeners.has(channel)) return;
        received.inc({ channel });
        fire(channel, n.payload ?? "");
      });
      try {
        await c.connect();
        for (const channel of Object.values(COMMIT_CHANNEL)) await c.query(`LISTEN ${channel}`);
        if (closed) {
          await c.end().catch(() => {});
          return;
        }
        client = c;
        if (failures > 0) deps.log.info({ failures }, "commit-signal connection back");
        // Commits before the LISTEN (or while it was down) were not signalled: every poller reads
        // once now, before its next sleep may be the long one.
        for (const channel of listeners.keys()) fire(channel);
        failures = 0;
      } catch (error) {
        c.end().catch(() => {});
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
      await connecting?.catch(() => {});
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
