// Chessboard benchmarks (npm run bench chessboard). Real PostgreSQL and Kafka from
// .infra/services.env. Each run creates and drops its own databases. Figures go to
// docs/engineering/benchmarks.md ("Chessboard"); they are reported, never CI gates.
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { createServices, liveAndLimits, startApp } from "../../src/app.js";
import { DEMO_CHESSBOARD, seedDemoChessboard } from "../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM, seedDemoCrm } from "../../src/domain/crm/seed/seed-demo-deals.js";
import type { ApiDeps } from "../../src/graphql/context.js";
import { LIVE_MAX_QUEUE } from "../../src/graphql/live/chessboard-live.js";
import { createLiveHub, type LiveDelta } from "../../src/graphql/live/chessboard-live-hub.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { FANOUT_ROUNDS, fanOutResults, measureFanOut, startBenchApi } from "../fan-out.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, createBenchDatabase, need } from "../support.js";
import type { BenchResult } from "../types.js";
import { openGraphqlWsSubscriber } from "./ws-clients.js";

const LATENCY_ROUNDS = 40;
/** BENCH_SUBSCRIBERS overrides the fan-out audience (default 1,000). */
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const POLL_MS = 20;
const ISSUER = "pin-platform";

const SUBSCRIPTION = `subscription($b: ID) { chessboardUpdates(buildingId: $b) { __typename
  ... on PropertyObjectStatusDelta { propertyObjectId status version }
  ... on PropertyObjectPriceDelta { propertyObjectId price version } } }`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: ISSUER });
const tokenFor = (role: "agent") =>
  tokens.sign({ userId: DEMO_USERS[role].userId, roles: [role], tenantId: DEMO_USERS[role].tenantId });

/**
 * Booking mutation → subscriber latency over real Kafka: createBooking / cancelBooking over HTTP,
 * crm outbox → Kafka → chessboard consumer → its outbox → Kafka → broadcast → hub → graphql-ws.
 */
async function bookingToSubscriberLatency(): Promise<BenchResult[]> {
  const database = await createBenchDatabase("bench_chess_latency");
  const log = createLogger({ level: "warn", pretty: false });
  const settings = loadSettings({
    NODE_ENV: "production",
    // Each process its own free operations port (decision 0549: production serves one, 9464 by default).
    PIN_OPS_PORT: "0",
    ...BENCH_API_ENV,
    PORT: "0",
    DATABASE_URL: database.url,
    KAFKA_BROKERS: need("TEST_KAFKA_BROKERS"),
    PIN_SEED_DEMO: "false",
    PIN_OUTBOX_RELAY_INTERVAL_MS: "10",
    LOG_LEVEL: "warn",
  });
  const app = await startApp(settings, { log, metrics: createMetricsRegistry() });
  const client = createClient({
    url: app.url!.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${await tokenFor("agent")}` },
  });
  try {
    await seedDemoChessboard({ db: app.db, clock: systemClock, log });
    await seedDemoCrm({ db: app.db, clock: systemClock, log });
    const object = await app.db.chessboardPropertyObject.findFirstOrThrow({
      where: { buildingId: DEMO_CHESSBOARD.buildingId, status: "Free" },
      orderBy: { number: "asc" },
    });
    while (!(await app.db.crmPropertyObjectReplica.findUnique({ where: { id: object.id } })))
      await pause(POLL_MS);

    const waiting = new Map<string, () => void>();
    const iterator = client.iterate<{ chessboardUpdates: { propertyObjectId?: string; status?: string } }>({
      query: SUBSCRIPTION,
      variables: { b: DEMO_CHESSBOARD.buildingId },
    });
    await iterator.next(); // snapshot
    void (async () => {
      for await (const message of { [Symbol.asyncIterator]: () => iterator }) {
        const update = message.data?.chessboardUpdates;
        if (update?.propertyObjectId === object.id && update.status) waiting.get(update.status)?.();
      }
    })();
    const token = await tokenFor("agent");
    const post = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(app.url!, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: Record<string, { data?: { id: string }; code?: string }> };
    };
    const timed = async (status: string, mutation: () => Promise<unknown>) => {
      const arrived = new Promise<void>((resolve) => waiting.set(status, resolve));
      const started = performance.now();
      await mutation();
      await arrived;
      return performance.now() - started;
    };
    const samples: number[] = [];
    const replicaFree = async () => {
      // crm's replica of the status follows chessboard's event; the next booking needs it Free.
      for (;;) {
        const replica = await app.db.crmPropertyObjectReplica.findUnique({ where: { id: object.id } });
        if (replica?.status === "Free") return;
        await pause(POLL_MS);
      }
    };
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      await replicaFree();
      let bookingId = "";
      samples.push(
        await timed("Reserved", async () => {
          const r = await post(
            `mutation($d: ID!, $o: ID!) { createBooking(dealId: $d, propertyObjectId: $o) { ... on MutationCreateBookingSuccess { data { id } } ... on Error { code } } }`,
            { d: DEMO_CRM.agentDealIds[0], o: object.id },
          );
          bookingId = r.data?.createBooking?.data?.id ?? "";
          if (!bookingId) throw new Error(`createBooking failed: ${JSON.stringify(r)}`);
        }),
      );
      samples.push(
        await timed("Free", () =>
          post(`mutation($b: ID!) { cancelBooking(bookingId: $b, reason: "bench") { __typename } }`, {
            b: bookingId,
          }),
        ),
      );
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const note = `${samples.length} samples (createBooking→Reserved, cancelBooking→Free), Kafka, relay interval 10 ms`;
    return [
      { name: "booking mutation → subscriber latency p50", value: percentile(sorted, 50), unit: "ms", note },
      { name: "booking mutation → subscriber latency p99", value: percentile(sorted, 99), unit: "ms", note },
    ];
  } finally {
    await client.dispose();
    await app.stop();
    await database.drop();
  }
}

/**
 * One status delta to 1,000 graphql-ws subscribers (the real API server: envelop execution per
 * subscriber) vs a bare `ws` server sending the same JSON to 1,000 sockets. Time = publish → every
 * client has the message. ratio = bare time / graphql-ws time (higher is better, target ≥ 0.5).
 */
/**
 * The fan-out world (also bench/chessboard/heap-diff.ts): a seeded database, the live hub and the
 * API deps of one bench user holding `subscribers` connections.
 */
export async function fanOutWorld(prefix: string, subscribers: number) {
  const database = await createBenchDatabase(prefix);
  const log = createLogger({ level: "warn", pretty: false });
  await runMigrations({ url: database.url, log });
  const db = createPrismaClient({ url: database.url, maxConnections: 20 });
  await seedDemoChessboard({ db, clock: systemClock, log });
  const hub = createLiveHub({ maxQueue: LIVE_MAX_QUEUE });
  const metrics = createMetricsRegistry();
  const deps: ApiDeps = {
    log,
    metrics,
    // One bench user holds every subscriber: the per-user graphql-ws and rate limits are raised to fit.
    settings: loadSettings({
      NODE_ENV: "test",
      ...BENCH_API_ENV,
      PIN_WS_MAX_CONNECTIONS_PER_USER: String(subscribers + 10),
      PIN_WS_MAX_SUBSCRIPTIONS_PER_USER: String(subscribers + 10),
    }),
    services: createServices({ db, clock: systemClock, log, metrics }),
    ...liveAndLimits({ chessboard: hub }),
  };
  return { database, db, hub, deps };
}

async function fanOut(): Promise<BenchResult[]> {
  const { database, db, hub, deps } = await fanOutWorld("bench_chess_fanout", SUBSCRIBERS);
  const object = await db.chessboardPropertyObject.findFirstOrThrow({
    where: { buildingId: DEMO_CHESSBOARD.buildingId },
  });
  const { api, wsUrl } = await startBenchApi(deps, tokens);
  let version = object.version;
  const delta = (): LiveDelta => ({
    kind: "status",
    propertyObjectId: object.id,
    buildingId: object.buildingId,
    projectId: object.projectId,
    version: ++version,
    fromStatus: "Free",
    status: "Free",
    reservedUntil: null,
    bookedUntil: null,
    soldAt: null,
    changedAt: new Date(),
  });

  const token = await tokenFor("agent");
  const measured = await measureFanOut({
    subscribers: SUBSCRIBERS,
    openSubscriber: () => openGraphqlWsSubscriber(wsUrl, token, SUBSCRIPTION, { b: object.buildingId }),
    publish: () => hub.publish(delta()),
    api,
  });
  await db.$disconnect();
  await database.drop();

  return fanOutResults({
    timeName: `fan-out of one change to ${SUBSCRIBERS} graphql-ws subscribers`,
    memoryName: "memory per graphql-ws subscriber (server + client, same process)",
    note: `${SUBSCRIBERS} subscribers, median of ${FANOUT_ROUNDS} rounds; clients in the same process`,
    graphqlMs: median(measured.graphqlTimes),
    bareMs: median(measured.bareTimes),
    graphqlMemory: measured.graphqlMemory,
    bareMemory: measured.bareMemory,
  });
}

export async function runChessboardBenchmarks(): Promise<BenchResult[]> {
  // BENCH_CHESSBOARD_FANOUT_ONLY=1: the fan-out and memory figures without the Kafka latency run.
  const fanOutFigures = await fanOut();
  if (process.env.BENCH_CHESSBOARD_FANOUT_ONLY === "1") return fanOutFigures;
  return [...fanOutFigures, ...(await bookingToSubscriberLatency())];
}
