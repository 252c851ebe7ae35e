// End to end under a steady booking load, Kafka mode, every role in one process: createBooking
// over HTTP at a fixed rate (open loop) → crm outbox → relay → Kafka → chessboard consumer (status
// Reserved) → its outbox → Kafka → catalog sync (the storefront card) and the API's broadcast
// consumer → graphql-ws subscriber. No peer does this path; the figure is ours alone.
import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import { type App, startApp } from "../../src/app.js";
import { DEMO_CHESSBOARD, seedDemoChessboard } from "../../src/domain/chessboard/seed/seed-demo-structure.js";
import { seedDemoCrm } from "../../src/domain/crm/seed/seed-demo-deals.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { graphqlCreate, percentile } from "../crm/index.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, BENCH_KAFKA_CLIENT, createBenchDatabase } from "../support.js";
import type { BenchResult } from "../types.js";
import { alone, pause, size, waitUntil } from "./measure.js";

const SUBSCRIPTION = `subscription($p: ID) { chessboardUpdates(projectId: $p) { __typename
  ... on PropertyObjectStatusDelta { propertyObjectId status version } } }`;

interface Sample {
  readonly dealId: string;
  readonly propertyObjectId: string;
  sentAt: number;
  answeredAt: number;
  deliveredAt: number;
}

/**
 * A graphql-ws subscriber of the demo project's grid: `onReserved` for every Reserved delta, once
 * the snapshot came. Resolves to its stop.
 */
export async function watchReserved(
  client: Client,
  onReserved: (propertyObjectId: string) => void,
): Promise<() => Promise<void>> {
  const iterator = client.iterate<{ chessboardUpdates: { propertyObjectId?: string; status?: string } }>({
    query: SUBSCRIPTION,
    variables: { p: DEMO_CHESSBOARD.projectId },
  });
  await iterator.next(); // the snapshot
  const listening = (async () => {
    for await (const message of { [Symbol.asyncIterator]: () => iterator }) {
      const update = message.data?.chessboardUpdates;
      if (update?.propertyObjectId && update.status === "Reserved") onReserved(update.propertyObjectId);
    }
  })();
  return async () => {
    await iterator.return?.();
    await listening.catch(() => {});
  };
}

/** Engaged deals of the demo agent with the demo developer, one per booking of the run. */
export async function seedDeals(app: Pick<App, "db">, n: number): Promise<string[]> {
  const rows = await app.db.$queryRaw<Array<{ id: string }>>`
    INSERT INTO crm.deals (id, tenant_id, status, agent_user_id, investor_user_id, created_by_user_id, title,
                           created_at, updated_at, version)
    SELECT gen_random_uuid(), ${DEMO_DEVELOPER_ID}::uuid, 'Application', ${DEMO_USERS.agent.userId},
           ${DEMO_USERS.investor.userId}, ${DEMO_USERS.agent.userId}, 'bench e2e', now(), now(), 1
      FROM generate_series(1, ${n}::int)
    RETURNING id::text AS id`;
  return rows.map((r) => r.id);
}

/** Free, listed objects of the demo project that crm's replica and the catalog already know. */
export async function bookableObjects(app: Pick<App, "db">): Promise<string[]> {
  const rows = await app.db.$queryRaw<Array<{ id: string }>>`
    SELECT o.id::text AS id FROM chessboard.property_objects o
      JOIN crm.property_objects r ON r.id = o.id AND r.status = 'Free'
      JOIN catalog.property_object_cards c ON c.id = o.id
     WHERE o.project_id = ${DEMO_CHESSBOARD.projectId}::uuid AND o.status = 'Free'
     ORDER BY o.building_id, o.number`;
  return rows.map((r) => r.id);
}

export const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

export async function endToEndUnderLoad(
  brokers: string[],
  ratePerSecond = size("E2E_RATE", 4),
  seconds = size("E2E_SECONDS", 30),
): Promise<BenchResult[]> {
  const database = await createBenchDatabase("pin_bench_peers_e2e");
  const log = createLogger({ level: "error", pretty: false });
  const settings = loadSettings({
    NODE_ENV: "production",
    // Each process its own free operations port (decision 0549: production serves one, 9464 by default).
    PIN_OPS_PORT: "0",
    ...BENCH_API_ENV,
    PORT: "0",
    DATABASE_URL: database.url,
    KAFKA_BROKERS: brokers.join(","),
    PIN_KAFKA_CLIENT: BENCH_KAFKA_CLIENT,
    PIN_SEED_DEMO: "false",
    LOG_LEVEL: "error",
    // A/B of the commit signals (decision 0485): PIN_COMMIT_SIGNALS=false measures polling alone.
    ...(process.env.PIN_COMMIT_SIGNALS ? { PIN_COMMIT_SIGNALS: process.env.PIN_COMMIT_SIGNALS } : {}),
  });
  const app = await startApp(settings, { log, metrics: createMetricsRegistry() });
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const token = await tokens.sign({ userId: DEMO_USERS.agent.userId, roles: ["agent"], tenantId: null });
  const client = createClient({
    url: app.url!.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  try {
    await seedDemoChessboard({ db: app.db, clock: systemClock, log });
    await seedDemoCrm({ db: app.db, clock: systemClock, log });
    // The structure's events go round first (crm's replica, catalog cards) before the clock starts.
    let objects: string[] = [];
    await waitUntil(
      "the demo structure to reach crm and the catalog",
      async () => {
        objects = await bookableObjects(app);
        return objects.length >= Math.min(ratePerSecond * seconds, 100);
      },
      { everyMs: 250, timeoutMs: 120_000 },
    );
    await pause(2_000); // let the last structure events settle
    objects = await bookableObjects(app);
    const count = Math.min(ratePerSecond * seconds, objects.length);
    const deals = await seedDeals(app, count);
    const samples: Sample[] = objects.slice(0, count).map((propertyObjectId, i) => ({
      dealId: deals[i]!,
      propertyObjectId,
      sentAt: 0,
      answeredAt: 0,
      deliveredAt: 0,
    }));
    const byObject = new Map(samples.map((s) => [s.propertyObjectId, s]));

    let delivered = 0;
    const stopWatching = await watchReserved(client, (propertyObjectId) => {
      const sample = byObject.get(propertyObjectId);
      if (sample && !sample.deliveredAt) {
        sample.deliveredAt = Date.now();
        delivered += 1;
      }
    });

    // Open loop: one booking every 1/rate s whatever the answers do.
    const everyMs = 1_000 / ratePerSecond;
    const started = Date.now();
    const inFlight: Promise<void>[] = [];
    for (const [i, sample] of samples.entries()) {
      const at = started + i * everyMs;
      if (at > Date.now()) await pause(at - Date.now());
      sample.sentAt = Date.now();
      inFlight.push(
        graphqlCreate(app.url!, token, {
          dealId: sample.dealId,
          propertyObjectId: sample.propertyObjectId,
        }).then(() => {
          sample.answeredAt = Date.now();
        }),
      );
    }
    await Promise.all(inFlight);
    await waitUntil("every subscriber delivery", async () => delivered >= samples.length, {
      everyMs: 50,
      timeoutMs: 120_000,
    });
    await stopWatching();

    const ids = samples.map((s) => s.propertyObjectId);
    const applied = await app.db.$queryRaw<Array<{ id: string; chessboard: Date; catalog: Date | null }>>`
      SELECT o.id::text AS id, o.updated_at AS chessboard, c.updated_at AS catalog
        FROM chessboard.property_objects o LEFT JOIN catalog.property_object_cards c
          ON c.id = o.id AND c.property_object_status = 'Reserved'
       WHERE o.id = ANY(${ids}::uuid[]) AND o.status = 'Reserved'`;
    await waitUntil(
      "every catalog card",
      async () => {
        const cards = await app.db.$queryRaw<Array<{ n: bigint }>>`
          SELECT count(*) AS n FROM catalog.property_object_cards
           WHERE id = ANY(${ids}::uuid[]) AND property_object_status = 'Reserved'`;
        return Number(cards[0]?.n) >= ids.length;
      },
      { everyMs: 100, timeoutMs: 60_000 },
    );
    const cards = await app.db.$queryRaw<Array<{ id: string; at: Date }>>`
      SELECT id::text AS id, updated_at AS at FROM catalog.property_object_cards WHERE id = ANY(${ids}::uuid[])`;
    const cardAt = new Map(cards.map((c) => [c.id, c.at.getTime()]));
    const chessboardAt = new Map(applied.map((a) => [a.id, a.chessboard.getTime()]));
    const stage = (at: (s: Sample) => number) => summary(samples.map((s) => at(s) - s.sentAt));
    const stages = {
      answer: stage((s) => s.answeredAt),
      chessboard: stage((s) => chessboardAt.get(s.propertyObjectId) ?? Number.NaN),
      catalog: stage((s) => cardAt.get(s.propertyObjectId) ?? Number.NaN),
      subscription: stage((s) => s.deliveredAt),
    };
    const note = `${samples.length} bookings at ${ratePerSecond}/s (open loop), Kafka, every role in one process, production settings (relay idle poll ${settings.outboxRelayIntervalMs} ms, consumer flush ${settings.consumerFlushMs} ms); time from sending createBooking`;
    return [
      alone("e2e: createBooking answered p50", stages.answer.p50, "ms", note),
      alone("e2e: createBooking answered p99", stages.answer.p99, "ms", note),
      alone("e2e: chessboard status Reserved p50", stages.chessboard.p50, "ms", note),
      alone("e2e: chessboard status Reserved p99", stages.chessboard.p99, "ms", note),
      alone("e2e: catalog card Reserved p50", stages.catalog.p50, "ms", note),
      alone("e2e: catalog card Reserved p99", stages.catalog.p99, "ms", note),
      alone("e2e: subscription delivered p50", stages.subscription.p50, "ms", note),
      alone("e2e: subscription delivered p99", stages.subscription.p99, "ms", note),
    ];
  } finally {
    await client.dispose();
    await app.stop();
    await database.drop();
  }
}
