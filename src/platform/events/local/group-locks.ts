import pg from "pg";
import type { Logger } from "../../log/logger.js";

/**
 * "One reader per consumer group at a time" for the local event log, as session advisory locks on
 * ONE connection of the process's own, outside the Prisma pool (decision 0330).
 *
 * The lock used to be a transaction-scoped advisory lock held by a transaction of the pool for
 * the whole poll, while the poll's reads and the message transactions took further connections
 * from the same pool. With more groups than connections, every connection could end up a lock
 * holder "idle in transaction" waiting for a connection that none of them would give back: after
 * a test-clock jump (every group busy at once) the pool of 10 stalled for the 5-minute poll
 * timeout and the workers' and relay's transactions failed with P2028 (issue #21). Here a poll
 * holds no pool connection at all while it waits.
 *
 * The locks belong to the connection: when it breaks (PostgreSQL restarted), they are gone with
 * it; the next tryAcquire connects again. A poll that was running on a lock lost that way may
 * overlap with another process's poll of the group — at worst a message is handled twice, which
 * the consumers' dedup absorbs, exactly as after a crash.
 */
export interface GroupLocks {
  /** True when this process now holds the group's lock (until release) */
  tryAcquire(group: string): Promise<boolean>;
  release(group: string): Promise<void>;
  close(): Promise<void>;
}

/** advisory-lock namespace (first key) of local consumer groups: one active reader per group */
export const GROUP_LOCK_NAMESPACE = 0x5049_4e01;
const CONNECT_TIMEOUT_MS = 10_000;
const QUERY_TIMEOUT_MS = 10_000;

export function createGroupLocks(url: string, log: Logger): GroupLocks {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  /** The connection each held lock lives on: released only there (a new connection holds nothing) */
  const held = new Map<string, pg.Client>();
  const acquiring = new Set<string>();
  let closed = false;

  function forget(c: pg.Client): void {
    if (client === c) client = null;
    for (const [group, on] of held) if (on === c) held.delete(group);
  }

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    if (closed) throw new Error("group locks closed");
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: url,
        application_name: "pin-local-group-locks",
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: QUERY_TIMEOUT_MS,
      });
      c.on("error", (error) => {
        log.warn({ err: error }, "group-lock connection lost; its locks are released, reconnecting");
        forget(c);
        c.end().catch(() => {});
      });
      c.on("end", () => forget(c));
      try {
        await c.connect();
        client = c;
        return c;
      } catch (error) {
        c.end().catch(() => {});
        throw error;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  // One statement at a time on the shared connection: pg queues overlapping queries itself, but
  // that is deprecated (removed in pg 9) and printed a DeprecationWarning on every demo start.
  let queue: Promise<unknown> = Promise.resolve();
  function serially<T>(run: () => Promise<T>): Promise<T> {
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  }

  return {
    async tryAcquire(group) {
      // A session lock is re-entrant: two runners of one group in this process exclude each other here.
      if (held.has(group) || acquiring.has(group)) return false;
      acquiring.add(group);
      try {
        const c = await connection();
        const { rows } = await serially(() =>
          c.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked", [
            GROUP_LOCK_NAMESPACE,
            group,
          ]),
        );
        const locked = rows[0]?.locked === true;
        if (locked) held.set(group, c);
        return locked;
      } finally {
        acquiring.delete(group);
      }
    },
    async release(group) {
      const c = held.get(group);
      held.delete(group);
      if (!c || c !== client) return;
      await serially(() =>
        c.query("SELECT pg_advisory_unlock($1::int, hashtext($2))", [GROUP_LOCK_NAMESPACE, group]),
      ).catch((error: unknown) => log.warn({ err: error, group }, "group lock release failed"));
    },
    async close() {
      closed = true;
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      held.clear();
      await c?.end().catch(() => {});
    },
  };
}
