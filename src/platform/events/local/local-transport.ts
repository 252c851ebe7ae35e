import { connectionStringOf } from "../../db/prisma-client.js";
import { prismaRunner } from "../../db/sql-runner.js";
import { idleInterval } from "../commit-signals.js";
import type { Transport } from "../transport/transport.js";
import { createGroupLocks, type GroupLocks } from "./group-locks.js";
import { localBroadcast } from "./local-broadcast.js";
import { localConsumer } from "./local-consumer.js";
import type { LocalContext, LocalTransportDeps } from "./local-context.js";
import { appendToLog } from "./sql/append.js";

const DEFAULT_POLL_MS = 50;

export type { LocalTransportDeps } from "./local-context.js";

/**
 * Embedded mode: the event log is a PostgreSQL table. Consumer groups read it in commit order
 * (see local-log.ts) with their offsets in platform.consumer_offsets; one process per group
 * reads at a time (a session advisory lock on a connection outside the pool: group-locks.ts), like
 * one partition. The consumers run the same runtime as on Kafka (consumer-core.ts: local-consumer.ts),
 * the broadcasts hand messages to their listener as the Kafka core does (local-broadcast.ts).
 */
export function createLocalTransport(deps: LocalTransportDeps): Transport {
  const { db } = deps;
  let locks: GroupLocks | null = null;
  const pollMs = deps.tuning?.localPollMs ?? DEFAULT_POLL_MS;
  const ctx: LocalContext = {
    deps,
    signals: deps.signals,
    pollMs,
    idleMs: idleInterval(deps.signals, pollMs, deps.settings.commitSignalFallbackMs),
    send: async (m) => appendToLog(prismaRunner(db), [m]),
    groupLocks() {
      if (!locks) {
        const url = connectionStringOf(db);
        if (!url) throw new Error("the local transport needs a client made by createPrismaClient");
        locks = createGroupLocks(url, deps.log);
      }
      return locks;
    },
  };
  return {
    kind: "local",
    async publisher() {
      return { publish: (messages, tx) => appendToLog(tx, messages), close: async () => {} };
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
    async waitForBroker() {},
    async close() {
      await locks?.close();
      locks = null;
    },
  };
}
