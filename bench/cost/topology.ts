// The production topology of one checkout (issue #43): api, consumers and workers as three
// processes of its built main.js, on a fresh database of the shared PostgreSQL and the shared
// broker under a Kafka namespace of the run's own, seeded with the demo data and enough bookable
// apartments for the run.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { seedDemoChessboard } from "../../src/domain/chessboard/seed/seed-demo-structure.js";
import { seedDemoCrm } from "../../src/domain/crm/seed/seed-demo-deals.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { createPrismaClient, type Db } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createDaemon, type Daemon } from "../../test/faults/rig/daemon.js";
import { freePort } from "../../test/support/npm-start.js";
import { bookableObjects } from "../peers/end-to-end.js";
import { pause, waitUntil } from "../peers/measure.js";
import { dropNamespace, seedApartments } from "../peers/ramp.js";
import { BENCH_API_ENV, BENCH_KAFKA_CLIENT, createBenchDatabase, need, pinEnvOverrides } from "../support.js";
import { type Checkout, REPO } from "./checkout.js";
import { kafkaBrokerPid, type ProcessGroup, postgresGroups } from "./proc-cpu.js";

const ROLES = ["workers", "consumers", "api"] as const;

export interface Topology {
  readonly url: string;
  /** the bench's reads and seeding (this checkout's Prisma client) */
  readonly db: Db;
  /** every process whose CPU is the path's: the three roles, PostgreSQL, the broker */
  readonly groups: readonly ProcessGroup[];
  readonly logDir: string;
  stop(): Promise<void>;
}

/**
 * The settings of `env` the checkout knows (its .env.example lists every one): a baseline older than
 * a setting refuses to start on an unknown one (the storefront cost limits are newer than 9e0414d).
 */
/**
 * `BENCH_COST_CPU_PROF=<dir>`: each role writes a V8 CPU profile of its whole run there (open it in
 * Chrome DevTools or speedscope) — where a role's CPU per booking goes.
 */
function cpuProfileArgs(role: string): string[] {
  const dir = process.env.BENCH_COST_CPU_PROF;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${role}.cpuprofile`] : [];
}

function knownTo(checkout: Checkout, env: Readonly<Record<string, string>>): Record<string, string> {
  const example = path.join(checkout.dir, ".env.example");
  const listed = existsSync(example) ? readFileSync(example, "utf8") : "";
  return Object.fromEntries(Object.entries(env).filter(([key]) => listed.includes(`# ${key}=`)));
}

export async function startTopology(
  checkout: Checkout,
  mainModule: string,
  apartments: number,
): Promise<Topology> {
  const runId = `${Date.now().toString(36)}-${path.basename(checkout.dir).slice(-7)}`;
  const namespace = `bench-cost-${runId}`;
  const brokers = need("TEST_KAFKA_BROKERS");
  const database = await createBenchDatabase("pin_bench_cost");
  const logDir = path.join(REPO, ".infra/bench-cost", runId);
  mkdirSync(logDir, { recursive: true });
  const port = await freePort();
  const daemons: Daemon[] = ROLES.map((role) =>
    createDaemon({
      name: role,
      command: process.execPath,
      args: ["--enable-source-maps", ...cpuProfileArgs(role), mainModule],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        ...knownTo(checkout, { ...BENCH_API_ENV, PIN_OPS_PORT: "0", ...pinEnvOverrides("BENCH_COST_ENV") }),
        DATABASE_URL: database.url,
        KAFKA_BROKERS: brokers,
        PIN_KAFKA_CLIENT: BENCH_KAFKA_CLIENT,
        PIN_KAFKA_NAMESPACE: namespace,
        PIN_SEED_DEMO: "false",
        PIN_ANALYTICS: "off",
        PIN_ROLES: role,
        PIN_INSTANCE_ID: `bench-cost-${role}`,
        LOG_LEVEL: "info",
        ...(role === "api" ? { PORT: String(port) } : {}),
      },
      cwd: checkout.dir,
      logFile: path.join(logDir, `${role}.log`),
      ready: async (output) => output.includes("PIN is ready"),
      readyTimeoutMs: 180_000,
    }),
  );
  const admin = new pg.Pool({ connectionString: need("TEST_DATABASE_URL"), max: 1 });
  let db: Db | null = null;
  const stop = async () => {
    await db?.$disconnect();
    await Promise.all(daemons.map((d) => d.stop(20_000)));
    await admin.end();
    await dropNamespace(brokers.split(","), namespace).catch(() => {});
    await database.drop();
  };
  try {
    await Promise.all(daemons.map((d) => d.start()));
    db = createPrismaClient({ url: database.url, maxConnections: 4 });
    await seed(db, apartments);
  } catch (error) {
    await stop();
    throw error;
  }
  const broker = kafkaBrokerPid();
  const databaseName = new URL(database.url).pathname.slice(1);
  const roleGroups: ProcessGroup[] = daemons.map((d) => ({
    name: d.name,
    pids: async () => (d.pid === undefined ? [] : [d.pid]),
  }));
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    db,
    logDir,
    groups: [
      ...roleGroups,
      ...postgresGroups(admin, databaseName),
      { name: "kafka broker", pids: async () => (broker === null ? [] : [broker]) },
    ],
    stop,
  };
}

/** The demo structure and deals, then apartments until `apartments` are bookable everywhere. */
async function seed(db: Db, apartments: number): Promise<void> {
  const log = createLogger({ level: "error", pretty: false });
  await seedDemoChessboard({ db, clock: systemClock, log });
  await seedDemoCrm({ db, clock: systemClock, log });
  await seedApartments(db, apartments);
  await waitUntil(
    "the structure to reach crm and the catalog",
    async () => (await bookableObjects({ db })).length >= apartments,
    { everyMs: 500, timeoutMs: 600_000 },
  );
  await pause(2_000); // the last structure events settle
}
