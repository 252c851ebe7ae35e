// The storefront facet flood of issue #42 item 1 (npm run bench storefront-flood): 100,000 cards
// (the search bulk seed), the API with the product's default limits, and a bystander reading
// `lots(first: 20)` from ever new addresses — idle, then while an anonymous caller sends 15-alias
// catalogFilters(q), three more anonymous addresses facets with q and an agent keeps 4 heavy
// requests in flight (facets with q, DISTANCE over 200 km, clusters at zoom 22 with q). Reports
// each heavy field's idle latency (its weight's basis), the bystander's p50/p99 idle and under
// flood, the API thread's event-loop busy share in both phases, how the flood was answered (and
// how often per second: refusals are held, decisions 0617–0619). The seeded database is kept for
// the next run (STOREFRONT_FLOOD_DROP=1 drops it). Figures in docs/engineering/benchmarks.md and
// security.md; never a CI gate.
import { performance as nodePerformance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { type App, startApp } from "../../src/app.js";
import { bulkSeedWithSearchVariety } from "../../src/domain/catalog/seed/bulk-search-seed.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { BENCH_JWT_SECRET, need, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";
import { FLOOD_QUERIES, type FloodClient, floodClient, percentile } from "./flood-client.js";

const loopUtilization = nodePerformance.eventLoopUtilization.bind(nodePerformance);
const CARDS = Number(process.env.STOREFRONT_FLOOD_CARDS ?? 100_000);
const LOTS_PER_PROJECT = 100;
const IDLE_MS = Number(process.env.STOREFRONT_FLOOD_IDLE_MS ?? 20_000);
const FLOOD_MS = Number(process.env.STOREFRONT_FLOOD_MS ?? 40_000);
const DATABASE = `bench_storefront_flood_${CARDS}`;

async function database(): Promise<string> {
  const exists = await withAdmin((c) => c.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]));
  if (exists.rowCount === 0) await withAdmin((c) => c.query(`CREATE DATABASE ${DATABASE}`));
  const url = new URL(need("TEST_DATABASE_URL"));
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function seeded(app: App): Promise<void> {
  const [row] = await app.db.$queryRaw<
    Array<{ n: bigint }>
  >`SELECT count(*) AS n FROM catalog.property_object_cards`;
  if (Number(row?.n ?? 0) >= CARDS) return;
  const t0 = performance.now();
  await bulkSeedWithSearchVariety(app.db, {
    tag: "flood",
    projects: CARDS / LOTS_PER_PROJECT,
    lotsPerProject: LOTS_PER_PROJECT,
    now: new Date(),
  });
  console.log(`seeded ${CARDS} cards in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The bystander: sequential lots(first: 20), each from a new address, for `ms`. */
async function bystander(client: FloodClient, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + ms;
  for (let i = 0; Date.now() < end; i++) {
    const t0 = performance.now();
    await client.post(FLOOD_QUERIES.lotsPage(), { address: `10.1.${(i >> 8) & 255}.${i & 255}` });
    times.push(performance.now() - t0);
  }
  return times;
}

/** The flood's callers (flood-worker.ts) in a worker thread for `ms`; resolves with their answers by code. */
function flood(url: string, token: string, ms: number): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./flood-worker.ts", import.meta.url), {
      workerData: { url, token, ms },
    });
    worker.once("message", (answers: Record<string, number>) => {
      resolve(answers);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

export async function runStorefrontFloodBenchmarks(): Promise<BenchResult[]> {
  const settings = loadSettings({
    NODE_ENV: "development",
    PORT: "0",
    DATABASE_URL: await database(),
    PIN_ROLES: "api",
    PIN_SEED_DEMO: "false",
    LOG_LEVEL: "error",
    PIN_JWT_SECRET: BENCH_JWT_SECRET,
    PIN_TRUST_PROXY: "loopback",
  });
  const metrics = createMetricsRegistry();
  const app = await startApp(settings, { log: createLogger({ level: "error", pretty: false }), metrics });
  const results: BenchResult[] = [];
  try {
    await seeded(app);
    const client = floodClient(app.url ?? "");
    const token = await createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" }).sign({
      userId: DEMO_USERS.agent.userId,
      roles: ["agent"],
      tenantId: null,
    });
    // Each heavy field alone, idle, from its own address (the basis of its weight).
    for (const [name, body] of Object.entries(FLOOD_QUERIES.heavy())) {
      const xs: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        await client.post(body(i), { address: `10.3.${i}.${name.length}` });
        xs.push(performance.now() - t0);
      }
      results.push({ name: `idle, one ${name}`, value: percentile(xs, 50), unit: "ms", note: "median of 7" });
    }
    await bystander(client, 2_000);
    const idleLoop = loopUtilization();
    const idle = await bystander(client, IDLE_MS);
    const idleBusy = loopUtilization(idleLoop).utilization;
    const floodLoop = loopUtilization();
    const [flooded, answers] = await Promise.all([
      bystander(client, FLOOD_MS),
      flood(app.url ?? "", token, FLOOD_MS),
    ]);
    const floodBusy = loopUtilization(floodLoop).utilization;
    const floodAnswers = Object.values(answers).reduce((a, b) => a + b, 0);
    const idleP99 = percentile(idle, 99);
    results.push(
      {
        name: `bystander lots(first: 20) p50 idle, ${CARDS} cards`,
        value: percentile(idle, 50),
        unit: "ms",
        note: `${idle.length} requests`,
      },
      { name: `bystander lots(first: 20) p99 idle, ${CARDS} cards`, value: idleP99, unit: "ms" },
      {
        name: "bystander lots(first: 20) p50 under flood",
        value: percentile(flooded, 50),
        unit: "ms",
        note: `${flooded.length} requests`,
      },
      {
        name: "bystander lots(first: 20) p99 under flood",
        value: percentile(flooded, 99),
        unit: "ms",
        baseline: idleP99,
        ratio: percentile(flooded, 99) / idleP99,
        target: 2,
        note: "target: ratio ≤ 2 (p99 under flood within 2× idle p99)",
      },
      {
        name: "server event loop busy, idle → under flood",
        value: floodBusy,
        unit: "ratio",
        baseline: idleBusy,
        note: "the API's (and the bystander's) thread; the flood runs in a worker",
      },
      { name: "flood answers per second", value: floodAnswers / (FLOOD_MS / 1000), unit: "req/s" },
    );
    const known = (await metrics.getSingleMetricAsString("pin_api_known_refusals_total").catch(() => ""))
      .split("\n")
      .filter((l) => l.startsWith("pin_api_known_refusals_total{"));
    if (known.length > 0) console.log("known refusals (held / at once):", known.join("; "));
    console.log("flood answers (caller → code → count):", JSON.stringify(answers, null, 1));
  } finally {
    await app.stop();
    if (process.env.STOREFRONT_FLOOD_DROP === "1")
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
  return results;
}
