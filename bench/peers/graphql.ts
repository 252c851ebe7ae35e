// GraphQL: the same schema and resolvers served twice from one process — by our API server (armor
// limits, input guard, rate limiter, per-request database budget and deadline, error masking,
// operation metrics, CSRF/body checks) and by a bare graphql-yoga with none of our plugins — so
// the gap is what our security and metrics layers cost per request.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createYoga } from "graphql-yoga";
import pg from "pg";
import { type App, createServices, liveAndLimits, startApp } from "../../src/app.js";
import { DEMO_CHESSBOARD, seedDemoChessboard } from "../../src/domain/chessboard/seed/seed-demo-structure.js";
import type { ApiDeps, GraphQLContext } from "../../src/graphql/context.js";
import { schema } from "../../src/graphql/schema/index.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { bearerToken, createTokenService } from "../../src/platform/auth/jwt.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { createPrismaClient } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { closedLoops, graphqlCreate, type LoadRun, seedBookable } from "../crm/index.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, createBenchDatabase } from "../support.js";
import type { BenchResult } from "../types.js";
import { size, versus } from "./measure.js";

const CONCURRENCY = 8;
/** Each side's requests are run in this many alternating chunks, so load swings hit both alike. */
const CHUNKS = 4;
const GRID_QUERY = `query($b: ID!) { chessboard(buildingId: $b) { buildingId buildingName floorsTotal
  sections { section floors { floor cells { id number status price version rooms } } } } }`;

interface Bare {
  readonly url: string;
  stop(): Promise<void>;
}

/** A bare yoga over the same schema and services: auth in the context, nothing else. */
async function startBareYoga(app: App): Promise<Bare> {
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const db = createPrismaClient({ url: app.databaseUrl, maxConnections: app.settings.apiDbPoolSize });
  const infra = { db, log: app.log, clock: systemClock, metrics: createMetricsRegistry() };
  const deps: ApiDeps = {
    log: app.log,
    metrics: infra.metrics,
    settings: app.settings,
    services: createServices(infra),
    ...liveAndLimits(),
  };
  const yoga = createYoga<object, GraphQLContext>({
    schema,
    logging: false,
    context: async ({ request }) => {
      const token = bearerToken(request.headers.get("authorization"));
      return {
        viewer: token ? await tokens.verify(token) : null,
        deps,
        requestId: randomUUID(),
        log: app.log,
      };
    },
  });
  const server: Server = createServer(yoga);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.$disconnect();
    },
  };
}

async function gridQuery(url: string, token: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: GRID_QUERY, variables: { b: DEMO_CHESSBOARD.buildingId } }),
  });
  const body = (await response.json()) as {
    data?: { chessboard?: { sections: unknown[] } };
    errors?: unknown;
  };
  if (!body.data?.chessboard?.sections.length)
    throw new Error(`chessboard query failed: ${JSON.stringify(body)}`);
}

/** `count` ops per side in CHUNKS alternating chunks; one merged LoadRun per side. */
async function alternate(
  count: number,
  ours: (i: number) => Promise<void>,
  bare: (i: number) => Promise<void>,
): Promise<{ ours: LoadRun; bare: LoadRun }> {
  const chunk = Math.ceil(count / CHUNKS);
  const runs = { ours: [] as LoadRun[], bare: [] as LoadRun[] };
  for (let c = 0; c < CHUNKS; c++) {
    const offset = c * chunk;
    runs.ours.push(await closedLoops(chunk, (i) => ours(offset + i), CONCURRENCY));
    runs.bare.push(await closedLoops(chunk, (i) => bare(offset + i), CONCURRENCY));
  }
  // Rates add up as time per request; percentiles as the median of the chunks' figures.
  const merge = (list: LoadRun[]): LoadRun => {
    const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      perSecond: list.length / list.reduce((sum, r) => sum + 1 / r.perSecond, 0),
      p50: mid(list.map((r) => r.p50)),
      p99: mid(list.map((r) => r.p99)),
    };
  };
  return { ours: merge(runs.ours), bare: merge(runs.bare) };
}

export async function graphqlVsBareYoga(
  queries = size("GRID_QUERIES", 1_000),
  bookings = size("CREATE_BOOKINGS", 1_000),
): Promise<BenchResult[]> {
  const database = await createBenchDatabase("pin_bench_peers_gql");
  const log = createLogger({ level: "error", pretty: false });
  const settings = loadSettings({
    NODE_ENV: "development",
    PORT: "0",
    DATABASE_URL: database.url,
    PIN_ROLES: "api",
    PIN_SEED_DEMO: "false",
    LOG_LEVEL: "error",
    ...BENCH_API_ENV,
  });
  let app: App | null = null;
  let bare: Bare | null = null;
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    app = await startApp(settings, { log, metrics: createMetricsRegistry() });
    bare = await startBareYoga(app);
    await seedDemoChessboard({ db: app.db, clock: systemClock, log });
    const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
    const token = await tokens.sign({ userId: DEMO_USERS.agent.userId, roles: ["agent"], tenantId: null });
    const [oursUrl, bareUrl] = [app.url!, bare.url];

    const warm = Math.min(100, queries);
    await alternate(
      warm,
      () => gridQuery(oursUrl, token),
      () => gridQuery(bareUrl, token),
    );
    const grid = await alternate(
      queries,
      () => gridQuery(oursUrl, token),
      () => gridQuery(bareUrl, token),
    );

    const targets = await seedBookable(pool, 2 * (warm + bookings));
    await pool.query("ANALYZE");
    const half = warm + bookings;
    const oursTargets = targets.slice(0, half);
    const bareTargets = targets.slice(half);
    await alternate(
      warm,
      (i) => graphqlCreate(oursUrl, token, oursTargets[i]!),
      (i) => graphqlCreate(bareUrl, token, bareTargets[i]!),
    );
    const create = await alternate(
      bookings,
      (i) => graphqlCreate(oursUrl, token, oursTargets[warm + i]!),
      (i) => graphqlCreate(bareUrl, token, bareTargets[warm + i]!),
    );
    const note = (n: number, what: string, run: { ours: LoadRun; bare: LoadRun }) =>
      `${n} ${what} per side, ${CONCURRENCY} concurrent clients, ${CHUNKS} alternating chunks, both servers in the bench process, API pool ${settings.apiDbPoolSize} each; p50/p99 ours ${run.ours.p50.toFixed(1)}/${run.ours.p99.toFixed(1)} ms, bare ${run.bare.p50.toFixed(1)}/${run.bare.p99.toFixed(1)} ms`;
    return [
      versus(
        "chessboard grid query (warm, same building) over HTTP: our API server vs bare graphql-yoga, same resolvers",
        grid.ours.perSecond,
        grid.bare.perSecond,
        "req/s",
        "rate",
        note(queries, "queries", grid),
      ),
      versus(
        "chessboard grid query p50: ours vs bare yoga",
        grid.ours.p50,
        grid.bare.p50,
        "ms",
        "latency",
        note(queries, "queries", grid),
      ),
      versus(
        "createBooking over HTTP: our API server vs bare graphql-yoga, same resolvers",
        create.ours.perSecond,
        create.bare.perSecond,
        "req/s",
        "rate",
        note(bookings, "bookings", create),
      ),
      versus(
        "createBooking p50: ours vs bare yoga",
        create.ours.p50,
        create.bare.p50,
        "ms",
        "latency",
        note(bookings, "bookings", create),
      ),
    ];
  } finally {
    await pool.end();
    await bare?.stop();
    await app?.stop();
    await database.drop();
  }
}
