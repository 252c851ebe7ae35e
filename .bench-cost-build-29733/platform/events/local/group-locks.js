import pg from "pg";
const GROUP_LOCK_NAMESPACE = 1346981377;
const CONNECT_TIMEOUT_MS = 1e4;
const QUERY_TIMEOUT_MS = 1e4;
function createGroupLocks(url, log) {
  let client = null;
  let connecting = null;
  const held = /* @__PURE__ */ new Map();
  const acquiring = /* @__PURE__ */ new Set();
  let closed = false;
  function forget(c) {
    if (client === c) client = null;
    for (const [group, on] of held) if (on === c) held.delete(group);
  }
  async function connection() {
    if (client) return client;
    if (closed) throw new Error("group locks closed");
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: url,
        application_name: "pin-local-group-locks",
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: QUERY_TIMEOUT_MS
      });
      c.on("error", (error) => {
        log.warn({ err: error }, "group-lock connection lost; its locks are released, reconnecting");
        forget(c);
        c.end().catch(() => {
        });
      });
      c.on("end", () => forget(c));
      try {
        await c.connect();
        client = c;
        return c;
      } catch (error) {
        c.end().catch(() => {
        });
        throw error;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }
  let queue = Promise.resolve();
  function serially(run) {
    const next = queue.then(run, run);
    queue = next.catch(() => {
    });
    return next;
  }
  return {
    async tryAcquire(group) {
      if (held.has(group) || acquiring.has(group)) return false;
      acquiring.add(group);
      try {
        const c = await connection();
        const { rows } = await serially(
          () => c.query("SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked", [
            GROUP_LOCK_NAMESPACE,
            group
          ])
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
      await serially(
        () => c.query("SELECT pg_advisory_unlock($1::int, hashtext($2))", [GROUP_LOCK_NAMESPACE, group])
      ).catch((error) => log.warn({ err: error, group }, "group lock release failed"));
    },
    async close() {
      closed = true;
      const c = client ?? await connecting?.catch(() => null) ?? null;
      client = null;
      held.clear();
      await c?.end().catch(() => {
      });
    }
  };
}
export {
  GROUP_LOCK_NAMESPACE,
  createGroupLocks
};
//# sourceMappingURL=group-locks.js.map
