import { connectionStringOf } from "../../db/prisma-client.js";
import { idleInterval } from "../commit-signals.js";
import { createGroupLocks } from "./group-locks.js";
import { localBroadcast } from "./local-broadcast.js";
import { localConsumer } from "./local-consumer.js";
import { appendToLog } from "./sql/append.js";
const DEFAULT_POLL_MS = 50;
function createLocalTransport(deps) {
  const { db } = deps;
  let locks = null;
  const pollMs = deps.tuning?.localPollMs ?? DEFAULT_POLL_MS;
  const ctx = {
    deps,
    signals: deps.signals,
    pollMs,
    idleMs: idleInterval(deps.signals, pollMs, deps.settings.commitSignalFallbackMs),
    send: async (m) => appendToLog(db, [m]),
    groupLocks() {
      if (!locks) {
        const url = connectionStringOf(db);
        if (!url) throw new Error("the local transport needs a client made by createPrismaClient");
        locks = createGroupLocks(url, deps.log);
      }
      return locks;
    }
  };
  return {
    kind: "local",
    async publisher() {
      return { publish: (messages, tx) => appendToLog(tx, messages), close: async () => {
      } };
    },
    consumer: (def) => localConsumer(ctx, def),
    broadcast: (opts) => localBroadcast(ctx, opts),
    send: ctx.send,
    async ping() {
      try {
        await db.$queryRaw`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
    /** The local log is PostgreSQL, which the process reached before building the transport. */
    async waitForBroker() {
    },
    async close() {
      await locks?.close();
      locks = null;
    }
  };
}
export {
  createLocalTransport
};
//# sourceMappingURL=local-transport.js.map
