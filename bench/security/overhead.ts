// Issue #25 "done when": the security round's cost on the grid query and createBooking. Run from
// the tree to measure (its src/app.ts is started in this process), e.g. the branch and its base:
//   set -a; . .infra/services.env; set +a; npx tsx bench/security/overhead.ts
//   (cd /tmp/base && npx tsx /path/to/branch/bench/security/overhead.ts)
// Prints one JSON line: grid p50 (a 5,000-object building, sequential) and createBooking p50 and
// throughput (4 concurrent clients, distinct deals/apartments), over HTTP, and the CPU time per
// request of this process (server and load generator together: the figure that a machine shared
// with other work distorts least).
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { closedLoops, graphqlCreate, percentile, seedBookable } from "../crm/index.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, need, withAdmin } from "../support.js";
import { seedFullBuilding } from "./full-building.js";

const GRID_REQUESTS = Number(process.env.BENCH_GRID_REQUESTS ?? 40);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 600);
const tree = process.cwd();
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(tree, file)).href)) as T;
const { startApp } = await load<typeof import("../../src/app.js")>("src/app.ts");
const { loadSettings } = await load<typeof import("../../src/platform/config/settings.js")>(
  "src/platform/config/settings.ts",
);
const { createLogger } = await load<typeof import("../../src/platform/log/logger.js")>(
  "src/platform/log/logger.ts",
);
const { createMetricsRegistry } = await load<typeof import("../../src/platform/metrics/registry.js")>(
  "src/platform/metrics/registry.ts",
);

const dbName = `pin_bench_sec25_${Date.now().toString(36)}`;
await withAdmin((c) => c.query(`CREATE DATABASE "${dbName}"`));
const url = new URL(need("TEST_DATABASE_URL"));
url.pathname = `/${dbName}`;
const settings = loadSettings({
  NODE_ENV: "development",
  PORT: "0",
  DATABASE_URL: url.toString(),
  PIN_ROLES: "api",
  PIN_SEED_DEMO: "false",
  LOG_LEVEL: "error",
  ...BENCH_API_ENV,
  // BENCH_RATE_LIMIT_STORE=memory|postgres compares the two stores (the branch's setting)
  ...(process.env.BENCH_RATE_LIMIT_STORE ? { PIN_RATE_LIMIT_STORE: process.env.BENCH_RATE_LIMIT_STORE } : {}),
});
const app = await startApp(settings, {
  log: createLogger({ level: "error", pretty: false }),
  metrics: createMetricsRegistry(),
});
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
try {
  const building = randomUUID();
  const project = randomUUID();
  await seedFullBuilding((sql, params) => pool.query(sql, params), {
    developer: DEMO_DEVELOPER_ID,
    project,
    building,
  });
  const targets = await seedBookable(pool, BOOKINGS * 2);
  await pool.query("ANALYZE");
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const token = await tokens.sign({ userId: DEMO_USERS.agent.userId, roles: ["agent"], tenantId: null });
  const grid = `{ chessboard(buildingId: "${building}") { sections { floors { cells { id number status price rooms totalArea version } } } } }`;
  const gridOnce = async () => {
    const response = await fetch(app.url!, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: grid }),
    });
    const body = (await response.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  for (let i = 0; i < 5; i++) await gridOnce();
  const gridMs: number[] = [];
  const gridCpu = process.cpuUsage();
  for (let i = 0; i < GRID_REQUESTS; i++) {
    const t = performance.now();
    await gridOnce();
    gridMs.push(performance.now() - t);
  }
  const gridCpuUs = process.cpuUsage(gridCpu);
  gridMs.sort((a, b) => a - b);
  const warm = targets.slice(0, BOOKINGS);
  await closedLoops(BOOKINGS, (i) => graphqlCreate(app.url!, token, warm[i]!), 4);
  const run = targets.slice(BOOKINGS);
  const bookingCpu = process.cpuUsage();
  const bookings = await closedLoops(BOOKINGS, (i) => graphqlCreate(app.url!, token, run[i]!), 4);
  const bookingCpuUs = process.cpuUsage(bookingCpu);
  const msPer = (usage: NodeJS.CpuUsage, n: number) =>
    Number(((usage.user + usage.system) / 1000 / n).toFixed(2));
  console.log(
    JSON.stringify({
      tree,
      gridP50Ms: Number(percentile(gridMs, 0.5).toFixed(1)),
      gridCpuMsPerRequest: msPer(gridCpuUs, GRID_REQUESTS),
      createBookingCpuMsPerRequest: msPer(bookingCpuUs, BOOKINGS),
      createBookingP50Ms: Number(bookings.p50.toFixed(2)),
      createBookingPerSecond: Number(bookings.perSecond.toFixed(1)),
    }),
  );
} finally {
  await pool.end();
  await app.stop();
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
}
