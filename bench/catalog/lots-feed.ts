// The storefront lots feed (npm run bench catalog): `lots` with three filters (city, rooms, price
// range) over 100k cards, through the real API over HTTP (parsing, validation, auth, the resolver,
// the reads module, JSON) vs the very SQL statement the feed runs, executed bare on a plain pg
// client. Sequential requests: latency, not throughput. Figures in docs/engineering/benchmarks-history.md ("Catalog").
import pg from "pg";
import { type App, startApp } from "../../src/app.js";
import { createCatalogReads } from "../../src/domain/catalog/catalog.reads.js";
import { seedSyntheticCards } from "../../src/domain/catalog/seed/synthetic-cards.js";
import { validateLotFilter } from "../../src/domain/catalog/storefront/lot-filter.js";
import { lotsPageSql } from "../../src/domain/catalog/storefront/lots-page.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, need, postJson, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";

const CARDS = Number(process.env.CATALOG_BENCH_LOTS_CARDS ?? 100_000);
const LOTS_PER_PROJECT = 100;
const ITERATIONS = Number(process.env.CATALOG_BENCH_LOTS_ITERATIONS ?? 400);
const WARMUP = 30;
const PAGE = 20;
const LATENCY_TARGET = 0.5;

const QUERY = `query($f: LotFilter, $first: Int) { lots(filter: $f, sort: PRICE_ASC, first: $first) {
  edges { cursor node { id title price pricePerMeter areaTotal roomsCount deliveryDate cityName regionName
    projectName developerName propertyObjectStatus agentCommission } } pageInfo { hasNextPage endCursor } } }`;

/** Three filters, varied per iteration so no plan or page is served from one hot spot. */
function filterOf(i: number) {
  const region = 1 + (i % 4);
  return {
    cityIds: [region * 100 + (i % 3)],
    rooms: [i % 5, (i + 2) % 5],
    priceMin: String(3_000_000 + (i % 10) * 500_000),
    priceMax: String(8_000_000 + (i % 10) * 500_000),
  };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export async function runLotsFeedBenchmark(): Promise<BenchResult[]> {
  const name = `bench_catalog_lots_${Date.now().toString(36)}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(need("TEST_DATABASE_URL"));
  url.pathname = `/${name}`;
  let app: App | null = null;
  const bare = new pg.Client({ connectionString: url.toString() });
  try {
    const settings = loadSettings({
      NODE_ENV: "development",
      PORT: "0",
      DATABASE_URL: url.toString(),
      PIN_ROLES: "api",
      PIN_SEED_DEMO: "false",
      LOG_LEVEL: "error",
      ...BENCH_API_ENV,
    });
    app = await startApp(settings, {
      log: createLogger({ level: "error", pretty: false }),
      metrics: createMetricsRegistry(),
    });
    const seeded = performance.now();
    await seedSyntheticCards(app.db, {
      tag: "bench",
      projects: CARDS / LOTS_PER_PROJECT,
      lotsPerProject: LOTS_PER_PROJECT,
      now: new Date(),
    });
    await app.db.$executeRawUnsafe("ANALYZE catalog.property_object_cards");
    const seedSeconds = (performance.now() - seeded) / 1000;
    await bare.connect();

    const token = await createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" }).sign({
      userId: DEMO_USERS.agent.userId,
      roles: ["agent"],
      tenantId: null,
    });
    const endpoint = app.url ?? "";
    const auth = { authorization: `Bearer ${token}` };
    type LotsAnswer = { errors?: unknown; data?: { lots: { edges: unknown[] } } };
    const lotsOf = (body: LotsAnswer) => {
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data?.lots.edges.length ?? 0;
    };
    const request = (i: number) => ({ query: QUERY, variables: { f: filterOf(i), first: PAGE } });
    /** Over node:http keep-alive (postJson), the headline figure */
    const api = async (i: number) => lotsOf(await postJson<LotsAnswer>(endpoint, request(i), auth));
    /** The same over fetch (undici), the client earlier runs used: its own CPU is in the figure */
    const apiViaFetch = async (i: number) => {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", ...auth },
        body: JSON.stringify(request(i)),
      });
      return lotsOf((await response.json()) as LotsAnswer);
    };
    const sqlOf = (i: number) => lotsPageSql(validateLotFilter(filterOf(i)), "PRICE_ASC", null, PAGE + 1);
    const raw = async (i: number) => {
      const sql = sqlOf(i);
      return (await bare.query(sql.text, sql.values as unknown[])).rowCount ?? 0;
    };

    /**
     * The series are measured interleaved — request i of each in turn — so a change of the host's
     * load (other checkouts' suites) weighs on ours and on the bare baseline alike.
     */
    const measureInterleaved = async <K extends string>(
      series: Record<K, (i: number) => Promise<number>>,
    ) => {
      const entries = Object.entries(series) as Array<[K, (i: number) => Promise<number>]>;
      for (let i = 0; i < WARMUP; i++) for (const [, fn] of entries) await fn(i);
      const times = new Map<K, number[]>(entries.map(([k]) => [k, []]));
      const rows = new Map<K, number>(entries.map(([k]) => [k, 0]));
      for (let i = 0; i < ITERATIONS; i++) {
        for (const [k, fn] of entries) {
          const t0 = performance.now();
          rows.set(k, (rows.get(k) ?? 0) + (await fn(i)));
          times.get(k)?.push(performance.now() - t0);
        }
      }
      const out = {} as Record<K, { p50: number; p99: number; rows: number }>;
      for (const [k] of entries) {
        const xs = times.get(k) ?? [];
        out[k] = { p50: percentile(xs, 50), p99: percentile(xs, 99), rows: (rows.get(k) ?? 0) / ITERATIONS };
      }
      return out;
    };
    const reads = createCatalogReads(app.db);
    const inProcess = async (i: number) =>
      (await reads.lotsPage(filterOf(i), "PRICE_ASC", { first: PAGE })).edges.length;
    const emptyRequest = async () => {
      await postJson(endpoint, { query: "{ __typename }" }, auth);
      return 0;
    };
    const measured = await measureInterleaved({ api, raw, inProcess, emptyRequest, apiViaFetch });
    const {
      api: viaApi,
      raw: viaSql,
      inProcess: viaReads,
      emptyRequest: fixed,
      apiViaFetch: viaFetch,
    } = measured;
    return [
      {
        name: `lots p50, three filters (city, rooms, price range), PRICE_ASC, ${PAGE}/page, ${CARDS} cards`,
        value: viaApi.p50,
        unit: "ms",
        baseline: viaSql.p50,
        ratio: viaSql.p50 / viaApi.p50,
        target: LATENCY_TARGET,
        note: `GraphQL over HTTP (node:http keep-alive client) vs the same SQL on a bare pg client; ${viaApi.rows.toFixed(1)} lots/page; seed ${seedSeconds.toFixed(1)} s; over fetch p50 ${viaFetch.p50.toFixed(2)} ms (ratio ${(viaSql.p50 / viaFetch.p50).toFixed(2)})`,
      },
      {
        name: "lots p99, same workload",
        value: viaApi.p99,
        unit: "ms",
        baseline: viaSql.p99,
        ratio: viaSql.p99 / viaApi.p99,
        target: LATENCY_TARGET,
        note: `${ITERATIONS} sequential requests per series after ${WARMUP} warm-up, the five series interleaved`,
      },
      {
        name: "lots p50 in process (catalog reads module: validation, Prisma, mapping), same workload",
        value: viaReads.p50,
        unit: "ms",
        baseline: viaSql.p50,
        ratio: viaSql.p50 / viaReads.p50,
        target: LATENCY_TARGET,
        note: `p99 ${viaReads.p99.toFixed(1)} ms; where the API's time goes besides the feed's own work`,
      },
      {
        name: "fixed cost of one GraphQL request over HTTP ({ __typename }) p50",
        value: fixed.p50,
        unit: "ms",
        note: `p99 ${fixed.p99.toFixed(1)} ms; the same for every field of the API`,
      },
    ];
  } finally {
    await bare.end().catch(() => undefined);
    await app?.stop();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}
