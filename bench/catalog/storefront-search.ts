// Storefront search (npm run bench catalog, part "search"; issue 27): over 100k synthetic cards
// with search variety (Russian names, coordinates, classes…), through the real API over HTTP:
// today's three-filter `lots` workload (the 2× bound), full text q (RELEVANCE), q with a typo,
// q + filters, bbox, radius + DISTANCE, lotClusters, catalogFilters with q; then the saved-search
// alert run with 10,000 saved searches and a 1,000-lot price change. Sequential requests
// (latency). Figures in docs/engineering/benchmarks-history.md ("Catalog — storefront search").
import { type App, startApp } from "../../src/app.js";
import { runSavedSearchAlertBatch } from "../../src/domain/catalog/saved-searches/saved-search-alerts.js";
import { bulkSeedWithSearchVariety } from "../../src/domain/catalog/seed/bulk-search-seed.js";
import { readCatalogFilters } from "../../src/domain/catalog/storefront/catalog-facets.js";
import { validateLotFilter, withTypoTolerance } from "../../src/domain/catalog/storefront/lot-filter.js";
import { lotsPageSql, readLotsPage } from "../../src/domain/catalog/storefront/lots-page.js";
import { detectTypoSearch } from "../../src/domain/catalog/storefront/search-capability.js";
import { readSearchFacets } from "../../src/domain/catalog/storefront/search-facets.js";
import { readSharedFacets } from "../../src/domain/catalog/storefront/shared-facets.js";
import { withTypoFallback } from "../../src/domain/catalog/storefront/typo-fallback.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, need, postJson, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";

const CARDS = Number(process.env.CATALOG_BENCH_LOTS_CARDS ?? 100_000);
const LOTS_PER_PROJECT = 100;
const ITERATIONS = Number(process.env.CATALOG_BENCH_SEARCH_ITERATIONS ?? 200);
const WARMUP = 20;
const SAVED_SEARCHES = Number(process.env.CATALOG_BENCH_SAVED_SEARCHES ?? 10_000);
const PRICE_CHANGE_LOTS = 1_000;
const SEARCH_P99_TARGET_MS = 50;
/** The before/after pairs of decision 0440 (the old trigram OR costs seconds a request under load): opt-in. */
const PAIRS_0440 = process.env.CATALOG_BENCH_SEARCH_0440 === "1";

const LOT = "id title price pricePerMeter roomsCount projectName cityName distanceMeters";
const LOTS = `query($f: LotFilter, $s: LotSort) { lots(filter: $f, sort: $s, first: 20) { edges { cursor node { ${LOT} } } } }`;
const CLUSTERS = `query($v: GeoBoundingBox!, $z: Int!, $f: LotFilter) { lotClusters(viewport: $v, zoom: $z, filter: $f) { total cells { x y count latitude longitude minPrice } } }`;
const FACETS = `query($f: LotFilter) { catalogFilters(filter: $f) { total regions { value count } cities { value count } rooms { value count }
  price { min max } area { min max } propertyClasses { value count } constructionStatuses { value count } developers { value count }
  projects { value count } deliveryQuarters { value count } pricePerMeter { min max } floors { min max } } }`;

const WORDS = ["Солнечный", "Северный", "Лесной", "Речной", "Парковый", "Садовый", "Невский", "Московский"];
const TYPOS = ["Солнчный", "Севернй", "Леснй", "Речнoй", "Парквый", "Садвый", "Невскй", "Моковский"];

type Request = { query: string; variables: Record<string, unknown> };
const SERIES: Record<string, (i: number) => Request> = {
  "lots, three filters (today's workload), PRICE_ASC": (i) => ({
    query: LOTS,
    variables: {
      f: {
        cityIds: [(1 + (i % 4)) * 100 + (i % 3)],
        rooms: [i % 5, (i + 2) % 5],
        priceMin: String(3_000_000 + (i % 10) * 500_000),
        priceMax: String(8_000_000 + (i % 10) * 500_000),
      },
      s: "PRICE_ASC",
    },
  }),
  "lots q (one project word), RELEVANCE": (i) => ({
    query: LOTS,
    variables: { f: { q: `${WORDS[i % 8]} ${i % 1000}` }, s: "RELEVANCE" },
  }),
  "lots q, broad («двухкомнатная квартира», ~20k matches), RELEVANCE": () => ({
    query: LOTS,
    variables: { f: { q: "двухкомнатная квартира" }, s: "RELEVANCE" },
  }),
  "lots q with a typo, broad (a project word alone, ~12k matches), RELEVANCE": (i) => ({
    query: LOTS,
    variables: { f: { q: `${TYPOS[i % 8]}` }, s: "RELEVANCE" },
  }),
  "lots q with a typo + project number (selective), RELEVANCE": (i) => ({
    query: LOTS,
    variables: { f: { q: `${TYPOS[i % 8]} ${i % 1000}` }, s: "RELEVANCE" },
  }),
  "lots q + city + rooms + class, PRICE_ASC": (i) => ({
    query: LOTS,
    variables: {
      f: {
        q: WORDS[i % 8],
        cityIds: [(1 + (i % 4)) * 100 + (i % 3)],
        rooms: [i % 5],
        propertyClasses: ["Comfort", "Business"],
      },
      s: "PRICE_ASC",
    },
  }),
  "lots bbox (a map viewport), PRICE_ASC": (i) => ({
    query: LOTS,
    variables: {
      f: { bbox: { south: 55.4 + (i % 10) * 0.02, west: 37.0, north: 55.6 + (i % 10) * 0.02, east: 37.4 } },
      s: "PRICE_ASC",
    },
  }),
  "lots near (3 km), DISTANCE": (i) => ({
    query: LOTS,
    variables: {
      f: { near: { latitude: 55.5 + (i % 20) * 0.02, longitude: 37.2 + (i % 7) * 0.05, radiusKm: 3 } },
      s: "DISTANCE",
    },
  }),
  "lotClusters, zoom 10 viewport": (i) => ({
    query: CLUSTERS,
    variables: { v: { south: 55.3, west: 36.9, north: 56.1, east: 37.9 }, z: 10, f: { rooms: [i % 5] } },
  }),
  "catalogFilters (13 facets) with q": (i) => ({ query: FACETS, variables: { f: { q: WORDS[i % 8] } } }),
};

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * Before/after of decision 0440 in the same run, the statements bare on the API's Prisma client,
 * the two sides alternating request by request (so the host's load weighs on both alike):
 * - typo: before = the full-text probe, then the page with the trigram OR over every card's text
 *   (decision 0361's read path); after = probe + vocabulary correction in one statement, then the
 *   page with the corrected full text;
 * - selective q with a number: before = probe + page; after = the page alone (nothing to correct).
 */
async function sqlPairs(db: App["db"]): Promise<BenchResult[]> {
  const probe = (text: string) => db.$queryRaw`SELECT EXISTS (SELECT 1 FROM catalog.property_object_cards
    WHERE status = 'Published' AND search_document @@ websearch_to_tsquery('russian', ${text})) AS hit`;
  const pairs: Record<
    string,
    { before: (i: number) => Promise<unknown>; after: (i: number) => Promise<unknown> }
  > = {
    "q with a typo + project number": {
      before: async (i) => {
        const f = validateLotFilter({ q: `${TYPOS[i % 8]} ${i % 1000}` });
        await probe(f.search!.text);
        return db.$queryRaw(lotsPageSql(withTypoTolerance(f, true), "RELEVANCE", null, 21));
      },
      after: async (i) => {
        const f = await withTypoFallback(db, validateLotFilter({ q: `${TYPOS[i % 8]} ${i % 1000}` }), true);
        return db.$queryRaw(lotsPageSql(f, "RELEVANCE", null, 21));
      },
    },
    "q with a typo, broad (a project word alone)": {
      before: async (i) => {
        const f = validateLotFilter({ q: TYPOS[i % 8] });
        await probe(f.search!.text);
        return db.$queryRaw(lotsPageSql(withTypoTolerance(f, true), "RELEVANCE", null, 21));
      },
      after: async (i) => {
        const f = await withTypoFallback(db, validateLotFilter({ q: TYPOS[i % 8] }), true);
        return db.$queryRaw(lotsPageSql(f, "RELEVANCE", null, 21));
      },
    },
    "selective q (project word + number)": {
      before: async (i) => {
        const f = validateLotFilter({ q: `${WORDS[i % 8]} ${i % 1000}` });
        await probe(f.search!.text);
        return db.$queryRaw(lotsPageSql(f, "RELEVANCE", null, 21));
      },
      after: async (i) => {
        const f = await withTypoFallback(db, validateLotFilter({ q: `${WORDS[i % 8]} ${i % 1000}` }), true);
        return db.$queryRaw(lotsPageSql(f, "RELEVANCE", null, 21));
      },
    },
  };
  if (!PAIRS_0440) for (const k of Object.keys(pairs)) delete pairs[k];
  // Decision 0480: before = every match ranked (relevanceCandidates: null) / the 13 per-facet
  // statements run concurrently; after = the capped candidates / the one-statement facets.
  const uncapped = { relevanceCandidates: null } as const;
  pairs["broad q («двухкомнатная квартира»), RELEVANCE page"] = {
    before: () =>
      db.$queryRaw(
        lotsPageSql(validateLotFilter({ q: "двухкомнатная квартира" }), "RELEVANCE", null, 21, uncapped),
      ),
    after: () =>
      db.$queryRaw(lotsPageSql(validateLotFilter({ q: "двухкомнатная квартира" }), "RELEVANCE", null, 21)),
  };
  pairs["broad typo (a project word alone, corrected), RELEVANCE page"] = {
    before: async (i) => {
      const f = await withTypoFallback(db, validateLotFilter({ q: TYPOS[i % 8] }), true);
      return db.$queryRaw(lotsPageSql(f, "RELEVANCE", null, 21, uncapped));
    },
    after: async (i) => {
      const f = await withTypoFallback(db, validateLotFilter({ q: TYPOS[i % 8] }), true);
      return db.$queryRaw(lotsPageSql(f, "RELEVANCE", null, 21));
    },
  };
  // Decision 0510: before = the NEWEST walk for every q (0480); after = the read path's choice (the
  // planner's estimate, then the full-text match below the selective share), estimate included.
  const tail = (i: number) => validateLotFilter({ q: `${WORDS[i % 8]} ${i % 10}` });
  pairs["selective-q tail («<project word> <digit>», 1.7–12k matches), RELEVANCE page"] = {
    before: (i) => db.$queryRaw(lotsPageSql(tail(i), "RELEVANCE", null, 21, { relevanceDrive: "newest" })),
    after: (i) => readLotsPage(db, tail(i), "RELEVANCE", { first: 20 }),
  };
  pairs["catalogFilters (13 facets) with q"] = {
    before: async (i) => {
      const f = validateLotFilter({ q: WORDS[i % 8] });
      return Promise.all([readCatalogFilters(db, f), readSearchFacets(db, f)]);
    },
    after: (i) => readSharedFacets(db, validateLotFilter({ q: WORDS[i % 8] })),
  };
  // Decision 0534: before = the one statement over the lots (0480/0496); after = the facet groups.
  pairs["catalogFilters (13 facets) with a project word: the lots vs the facet groups"] = {
    before: (i) => readSharedFacets(db, validateLotFilter({ q: WORDS[i % 8] }), { facetGroups: false }),
    after: (i) => readSharedFacets(db, validateLotFilter({ q: WORDS[i % 8] })),
  };
  const results: BenchResult[] = [];
  for (const [name, pair] of Object.entries(pairs)) {
    const before: number[] = [];
    const after: number[] = [];
    const rounds = Math.max(10, Math.floor(ITERATIONS / 2));
    for (let i = 0; i < rounds + 5; i++) {
      // alternate which side goes first; the first 5 rounds warm up
      const sides: Array<[(i: number) => Promise<unknown>, number[]]> = [
        [pair.before, before],
        [pair.after, after],
      ];
      if (i % 2 === 1) sides.reverse();
      for (const [fn, xs] of sides) {
        const t0 = performance.now();
        await fn(i);
        if (i >= 5) xs.push(performance.now() - t0);
      }
    }
    for (const p of [50, 99]) {
      const b = percentile(before, p);
      const a = percentile(after, p);
      results.push({
        name: `SQL pair, ${name}: after vs before p${p}, ${CARDS} cards, bare statements`,
        value: a,
        unit: "ms",
        baseline: b,
        ratio: a / b,
        note: `${rounds} alternating pairs`,
      });
    }
  }
  return results;
}

export async function runStorefrontSearchBenchmark(): Promise<BenchResult[]> {
  const name = `bench_catalog_search_${Date.now().toString(36)}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(need("TEST_DATABASE_URL"));
  url.pathname = `/${name}`;
  let app: App | null = null;
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
    const log = createLogger({ level: "error", pretty: false });
    app = await startApp(settings, { log, metrics: createMetricsRegistry() });
    const db = app.db;
    await bulkSeedWithSearchVariety(db, {
      tag: "bench",
      projects: CARDS / LOTS_PER_PROJECT,
      lotsPerProject: LOTS_PER_PROJECT,
      now: new Date(),
    });
    const token = await createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" }).sign({
      userId: DEMO_USERS.agent.userId,
      roles: ["agent"],
      tenantId: null,
    });
    const endpoint = app.url ?? "";
    const auth = { authorization: `Bearer ${token}` };
    const failures = new Map<string, string>();
    /** A request that errs (e.g. REQUEST_TIMEOUT) is counted and reported, its time kept. */
    const call = async (r: Request, series: string) => {
      const body = await postJson<{ errors?: unknown }>(endpoint, r, auth);
      if (body.errors) failures.set(series, JSON.stringify(body.errors).slice(0, 200));
    };
    const entries = Object.entries(SERIES);
    for (let i = 0; i < WARMUP; i++) for (const [k, make] of entries) await call(make(i), k);
    failures.clear();
    const times = new Map<string, number[]>(entries.map(([k]) => [k, []]));
    for (let i = 0; i < ITERATIONS; i++) {
      for (const [k, make] of entries) {
        const t0 = performance.now();
        await call(make(i), k);
        times.get(k)?.push(performance.now() - t0);
      }
    }
    const results: BenchResult[] = [];
    for (const [k] of entries) {
      const xs = times.get(k) ?? [];
      const isSearch = k.startsWith("lots q");
      const failed = failures.get(k);
      results.push({
        name: `${k} p50, ${CARDS} cards, over HTTP`,
        value: percentile(xs, 50),
        unit: "ms",
        ...(failed ? { note: `errors: ${failed}` } : {}),
      });
      results.push({
        name: `${k} p99, ${CARDS} cards, over HTTP`,
        value: percentile(xs, 99),
        unit: "ms",
        ...(isSearch ? { target: SEARCH_P99_TARGET_MS, note: "target: p99 ≤ 50 ms" } : {}),
      });
    }

    results.push(...(await sqlPairs(db)));

    // Saved-search alerts: 10,000 searches of 1,000 users (10 each), a 1,000-lot price drop.
    await app.db.$executeRaw`
      INSERT INTO catalog.saved_searches (id, user_id, name, filter, query, created_at, updated_at)
      SELECT gen_random_uuid(), 'bench-user-' || (s % 1000), 'search ' || s,
        jsonb_build_object('cityIds', jsonb_build_array((1 + s % 4) * 100 + s % 3), 'rooms', jsonb_build_array(s % 5),
                           'priceMax', (4000000 + (s % 50) * 100000)::text),
        CASE WHEN s % 4 = 0 THEN (${WORDS}::text[])[1 + s % 8] END, now(), now()
      FROM generate_series(1, ${SAVED_SEARCHES}) AS s`;
    const dropped = await app.db.$queryRaw<Array<{ id: string }>>`
      SELECT id::text FROM catalog.property_object_cards
      WHERE status = 'Published' AND property_object_status = 'Free' ORDER BY id LIMIT ${PRICE_CHANGE_LOTS}`;
    const trigger0 = performance.now();
    await app.db.$executeRaw`
      UPDATE catalog.property_object_cards SET price = round(price * 0.9, 2) WHERE id = ANY(${dropped.map((d) => d.id)}::uuid[])`;
    const triggerMs = performance.now() - trigger0;
    const typoTolerant = await detectTypoSearch(app.db);
    let notifications = 0;
    const run0 = performance.now();
    const r = await runSavedSearchAlertBatch(app.db, {
      clock: systemClock,
      log,
      typoTolerant,
      sink: async () => {
        notifications += 1;
        return 1;
      },
      dailyCap: 20,
      backOnSaleSeconds: 600,
    });
    const runMs = performance.now() - run0;
    results.push({
      name: `saved-search alert run: ${SAVED_SEARCHES} saved searches × a ${PRICE_CHANGE_LOTS}-lot price drop (${r.matches} (user, lot) matches, ${notifications} notifications handed to the sink)`,
      value: runMs,
      unit: "ms",
    });
    results.push({
      name: `the price-drop UPDATE of ${PRICE_CHANGE_LOTS} lots with the alert trigger (outbox rows: ${r.taken})`,
      value: triggerMs,
      unit: "ms",
    });
    return results;
  } finally {
    await app?.stop();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}
