// The storefront facet flood of issue #42 item 1 (npm run bench storefront-flood): 100,000 cards
// (the search bulk seed), the API with the product's default limits, and a bystander reading
// `lots(first: 20)` from ever new addresses — idle, then while an anonymous caller sends 15-alias
// catalogFilters(q), three more anonymous addresses facets with q and an agent keeps 4 heavy
// requests in flight (facets with q, DISTANCE over 200 km, clusters at zoom 22 with q). Reports
// each heavy field's idle latency (its weight's basis), the bystander's p50/p99 idle and under
// flood, and how the flood was answered. The seeded database is kept for the next run
// (STOREFRONT_FLOOD_DROP=1 drops it). Figures in docs/security.md; never a CI gate.
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
  const [row] = await app.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM catalog.property_object_cards`;
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

/** `workers` loops sending `next()` as `caller` until `until`. */
async function hammer(
  client: FloodClient,
  until: () => boolean,
  workers: number,
  next: (i: number) => { body: unknown; address?: string; token?: string },
): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!until()) {
        const r = next(i++);
        await client.post(r.body, r);
      }
    }),
  );
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
  const app = await startApp(settings, { log: createLogger({ level: "error", pretty: false }), metrics: createMetricsRegistry() });
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
    const idle = await bystander(client, IDLE_MS);
    client.answers.clear();
    const floodEnd = Date.now() + FLOOD_MS;
    const over = () => Date.now() >= floodEnd;
    const heavy = Object.values(FLOOD_QUERIES.heavy());
    const [flood] = await Promise.all([
      bystander(client, FLOOD_MS),
      hammer(client, over, 4, () => ({ body: FLOOD_QUERIES.aliasedFacets(15), address: "10.9.0.1" })),
      hammer(client, over, 4, (i) => ({ body: heavy[i % heavy.length]!(i), token })),
      ...[2, 3, 4].map((a) =>
        hammer(client, over, 2, (i) => ({ body: FLOOD_QUERIES.heavy()["catalogFilters(q)"]!(i), address: `10.9.0.${a}` })),
      ),
    ]);
    const idleP99 = percentile(idle, 99);
    results.push(
      { name: `bystander lots(first: 20) p50 idle, ${CARDS} cards`, value: percentile(idle, 50), unit: "ms", note: `${idle.length} requests` },
      { name: `bystander lots(first: 20) p99 idle, ${CARDS} cards`, value: idleP99, unit: "ms" },
      { name: "bystander lots(first: 20) p50 under flood", value: percentile(flood, 50), unit: "ms", note: `${flood.length} requests` },
      {
        name: "bystander lots(first: 20) p99 under flood",
        value: percentile(flood, 99),
        unit: "ms",
        baseline: idleP99,
        ratio: percentile(flood, 99) / idleP99,
        target: 2,
        note: "target: ratio ≤ 2 (p99 under flood within 2× idle p99)",
      },
    );
    console.log("flood answers (caller → code → count):", JSON.stringify(Object.fromEntries(client.answers), null, 1));
  } finally {
    await app.stop();
    if (process.env.STOREFRONT_FLOOD_DROP === "1")
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
  return results;
}
