import path from "node:path";
import type { Role } from "../../../src/platform/config/settings.js";
import { TEST_API_ENV } from "../../support/app.js";
import { TEST_KAFKA_SESSION_TIMEOUT_MS } from "../../support/kafka-session.js";
import { freePort } from "../../support/npm-start.js";
import { createDaemon, type Daemon } from "./daemon.js";

/**
 * PIN in Kafka mode, one role per process: each process runs src/main.ts (what `npm start` runs,
 * prebuilt: build-main.ts) with PIN_ROLES set to one role, as production runs it. Every process of a
 * role is a replica: the api processes behind the driver's failover, the consumers processes in
 * the same consumer groups, the workers processes sharing the relay shards and SKIP LOCKED claims.
 */
export interface RoleProcess {
  readonly name: string;
  readonly role: Role;
  /** http://127.0.0.1:<port> for the api role (the same port after each restart) */
  readonly base: string | null;
  readonly daemon: Daemon;
}

export interface PinTopology {
  readonly databaseUrl: string;
  readonly brokers: string;
  readonly clickhouseUrl: string;
  readonly devstatsDatabase: string;
  /** Folder for the processes' logs */
  readonly dir: string;
  readonly replicas: Readonly<Record<Role, number>>;
  /** main.js of the production build made by buildMain() */
  readonly mainModule: string;
  /** Settings of one role's processes on top of the rig's (a test may break a role with it) */
  readonly roleEnv?: Partial<Record<Role, NodeJS.ProcessEnv>>;
}

const REPO = path.resolve(import.meta.dirname, "../../..");
// A loaded 2-core machine compiling the app under tsx: a cold start took up to ~40 s.
const READY_TIMEOUT_MS = 180_000;
const READY_LINE = "PIN is ready";

function envFor(topology: PinTopology, name: string, role: Role, port: number | null): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    DATABASE_URL: topology.databaseUrl,
    KAFKA_BROKERS: topology.brokers,
    PIN_ROLES: role,
    PIN_INSTANCE_ID: name,
    PIN_SEED_DEMO: "false",
    PIN_DEV_TOKENS: "false",
    LOG_LEVEL: "info",
    // The Kafka adapter under test (decision 0430): the role processes run the client the run asks for.
    ...(process.env.PIN_KAFKA_CLIENT ? { PIN_KAFKA_CLIENT: process.env.PIN_KAFKA_CLIENT } : {}),
    // A killed role's partitions move after 10 s, not the production 30 s (decision 0525).
    PIN_KAFKA_SESSION_TIMEOUT_MS: String(TEST_KAFKA_SESSION_TIMEOUT_MS),
    ...TEST_API_ENV,
    // Small pools: six processes share one PostgreSQL.
    PIN_DB_POOL_SIZE: "5",
    PIN_API_DB_POOL_SIZE: "5",
    PIN_REQUEST_DB_CONCURRENCY: "4",
    // Timers at test speed: the driver moves deadlines into the past, the worker sees them within a second.
    PIN_BOOKING_EXPIRATION_CYCLE_SECONDS: "1",
    PIN_OUTBOX_RELAY_INTERVAL_MS: "50",
    // The funnel only where its consumers run; the api and workers need no analytics engine.
    ...(role === "consumers"
      ? {
          PIN_ANALYTICS: "auto",
          CLICKHOUSE_URL: topology.clickhouseUrl,
          PIN_DEVSTATS_DATABASE: topology.devstatsDatabase,
          PIN_DEVSTATS_BATCH_MS: "200",
        }
      : { PIN_ANALYTICS: "off" }),
    ...(port !== null ? { PORT: String(port) } : {}),
    ...topology.roleEnv?.[role],
  };
}

export async function createRoleProcess(
  topology: PinTopology,
  role: Role,
  index: number,
): Promise<RoleProcess> {
  const name = `${role}-${index}`;
  const port = role === "api" ? await freePort() : null;
  const daemon = createDaemon({
    name,
    command: process.execPath,
    args: ["--enable-source-maps", topology.mainModule],
    env: envFor(topology, name, role, port),
    cwd: REPO,
    logFile: path.join(topology.dir, `${name}.log`),
    ready: async (output) => output.includes(READY_LINE),
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  return { name, role, base: port === null ? null : `http://127.0.0.1:${port}`, daemon };
}

/**
 * Every role's processes, started together (they compile and connect in parallel). If one fails
 * to start, every other one is stopped before the error is thrown: a role that died at start used
 * to leave the rest running, reparented to init, long after the test (issue #21 item 5).
 */
export async function startPinRoles(topology: PinTopology): Promise<RoleProcess[]> {
  const processes: RoleProcess[] = [];
  for (const role of ["workers", "consumers", "api"] as const)
    for (let i = 1; i <= topology.replicas[role]; i++)
      processes.push(await createRoleProcess(topology, role, i));
  let failure: { error: unknown } | null = null;
  await Promise.all(
    processes.map((p) =>
      p.daemon.start().catch(async (error: unknown) => {
        if (failure) return; // one of the processes the first failure killed
        failure = { error };
        await Promise.all(processes.map((q) => q.daemon.kill()));
      }),
    ),
  );
  if (failure) throw (failure as { error: unknown }).error;
  return processes;
}

export async function stopPinRoles(processes: readonly RoleProcess[]): Promise<void> {
  await Promise.all(processes.map((p) => p.daemon.stop(20_000)));
}
