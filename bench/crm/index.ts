// crm benchmarks (npm run bench crm). Real PostgreSQL from .infra/services.env (TEST_DATABASE_URL,
// an admin URL): each run creates its own database and drops it. Loopback only, bounded loops.
// Figures go to docs/engineering/benchmarks.md ("CRM"); targets are reported, never CI gates.
//  (a) createBooking through GraphQL over HTTP vs the same writes through `pg` directly;
//  (b) the expiration worker's runOnce over 10k due bookings vs a bare SKIP LOCKED claim loop.
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type App, startApp } from "../../src/app.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { TOPIC } from "../../src/platform/events/topics.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { createBookingExpirationWorker } from "../../src/workers/booking-expiration.worker.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, inTransaction, need, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";

const CREATE_REQUESTS = 2_000;
const CREATE_WARMUP = 200;
const CONCURRENCY = 16;
/** The app's Prisma pool and the baseline's pg pool get the same size. */
const POOL_SIZE = 10;
const DUE_BOOKINGS = 10_000;
const EXPIRE_WARMUP = 500;
const BATCH_SIZE = 500;
const CREATE_TARGET = 0.5;
const EXPIRE_TARGET = 0.7;
const MS_PER_SECOND = 1_000;
const P50 = 0.5;
const P99 = 0.99;
const RESERVE_MINUTES = 60;
const BOOKING_HOURS = 48;

/** The forked API server (bench/crm/api-server.ts) gets this long to report its URL. */
const CHILD_START_TIMEOUT_MS = 60_000;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export interface LoadRun {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/** `count` operations from `CONCURRENCY` closed loops; each op gets its own index. */
export async function closedLoops(
  count: number,
  op: (i: number) => Promise<void>,
  concurrency = CONCURRENCY,
): Promise<LoadRun> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        await op(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const ms = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: (count / ms) * MS_PER_SECOND,
    p50: percentile(latencies, P50),
    p99: percentile(latencies, P99),
  };
}

/** Engaged deals of the demo agent/investor with the demo developer, each with its own Free object. */
export async function seedBookable(
  pool: pg.Pool,
  n: number,
): Promise<Array<{ dealId: string; propertyObjectId: string }>> {
  const rows = await pool.query<{ deal_id: string; po_id: string }>(
    `WITH d AS (
       INSERT INTO crm.deals (id, tenant_id, status, agent_user_id, investor_user_id, created_by_user_id, title,
                              created_at, updated_at, version)
       SELECT gen_random_uuid(), $1::uuid, 'Application', $2, $3, $2, 'bench', now(), now(), 1
         FROM generate_series(1, $4::int)
       RETURNING id),
     p AS (
       INSERT INTO crm.property_objects (id, tenant_id, status, version, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 'Free', 1, now() FROM generate_series(1, $4::int)
       RETURNING id)
     SELECT d.id AS deal_id, p.id AS po_id
       FROM (SELECT id, row_number() OVER () AS n FROM d) d
       JOIN (SELECT id, row_number() OVER () AS n FROM p) p USING (n)`,
    [DEMO_DEVELOPER_ID, DEMO_USERS.agent.userId, DEMO_USERS.investor.userId, n],
  );
  return rows.rows.map((r) => ({ dealId: r.deal_id, propertyObjectId: r.po_id }));
}

/** Deals in Booking, each with one Reserved booking whose reserve window has already passed. */
export async function seedDue(pool: pg.Pool, n: number): Promise<void> {
  await pool.query(
    `WITH d AS (
       INSERT INTO crm.deals (id, tenant_id, status, agent_user_id, investor_user_id, created_by_user_id, title,
                              created_at, updated_at, version)
       SELECT gen_random_uuid(), $1::uuid, 'Booking', $2, $3, $2, 'bench-due', now() - interval '2 hours',
              now() - interval '2 hours', 2
         FROM generate_series(1, $4::int)
       RETURNING id)
     INSERT INTO crm.bookings (id, deal_id, property_object_id, tenant_id, status, initiated_by, initiated_by_user_id,
                               reserve_duration_minutes, booking_duration_hours, is_paid, reserve_expires_at,
                               payment_status, created_at, updated_at, version)
     SELECT gen_random_uuid(), d.id, gen_random_uuid(), $1::uuid, 'Reserved', 'Agent', $2, $5, $6, false,
            now() - interval '1 hour' + (random() * interval '1 minute'), 'None', now() - interval '2 hours',
            now() - interval '2 hours', 1
       FROM d`,
    [
      DEMO_DEVELOPER_ID,
      DEMO_USERS.agent.userId,
      DEMO_USERS.investor.userId,
      n,
      RESERVE_MINUTES,
      BOOKING_HOURS,
    ],
  );
  await pool.query("ANALYZE crm.bookings");
  await pool.query("ANALYZE crm.deals");
}

export const CREATE_BOOKING = `mutation($d: ID!, $p: ID!) {
  createBooking(dealId: $d, propertyObjectId: $p) {
    __typename
    ... on MutationCreateBookingSuccess { data { id status reserveExpiresAt } }
    ... on Error { code }
  }
}`;

export async function graphqlCreate(
  url: string,
  token: string,
  t: { dealId: string; propertyObjectId: string },
) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: CREATE_BOOKING, variables: { d: t.dealId, p: t.propertyObjectId } }),
  });
  const body = (await response.json()) as {
    data?: { createBooking?: { __typename: string; code?: string } };
  };
  const result = body.data?.createBooking;
  if (result?.__typename !== "MutationCreateBookingSuccess") {
    throw new Error(`createBooking failed: ${JSON.stringify(body)}`);
  }
}

/**
 * The baseline named by issue #4: insert the booking, insert the outbox row, move the deal to
 * Booking — one transaction, three statements, no reads, no checks, no timeline.
 */
async function pgCreate(pool: pg.Pool, t: { dealId: string; propertyObjectId: string }): Promise<void> {
  const id = randomUUID();
  const now = new Date();
  const reserveExpiresAt = new Date(now.getTime() + RESERVE_MINUTES * 60 * MS_PER_SECOND);
  const payload = {
    BookingId: id,
    DealId: t.dealId,
    PropertyObjectId: t.propertyObjectId,
    TenantId: DEMO_DEVELOPER_ID,
    Version: 1,
    OccurredAt: now.toISOString(),
    Status: "Reserved",
    CreatedAt: now.toISOString(),
    InitiatedBy: "Agent",
    InitiatedByUserId: DEMO_USERS.agent.userId,
    ProgramTerms: {
      ReserveDurationMinutes: RESERVE_MINUTES,
      BookingDurationHours: BOOKING_HOURS,
      IsPaid: false,
    },
    ReserveExpiresAt: reserveExpiresAt.toISOString(),
  };
  const messageId = randomUUID();
  const metadata = {
    messageId,
    eventType: "booking-created",
    contractVersion: 1,
    aggregateId: id,
    aggregateType: "Booking",
    createdAt: now.toISOString(),
    correlationId: id,
    causationId: null,
    traceparent: null,
  };
  await inTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO crm.bookings (id, deal_id, property_object_id, tenant_id, status, initiated_by, initiated_by_user_id,
                                 reserve_duration_minutes, booking_duration_hours, is_paid, reserve_expires_at,
                                 payment_status, created_at, updated_at, version)
       VALUES ($1, $2, $3, $4, 'Reserved', 'Agent', $5, $6, $7, false, $8, 'None', $9, $9, 1)`,
      [
        id,
        t.dealId,
        t.propertyObjectId,
        DEMO_DEVELOPER_ID,
        DEMO_USERS.agent.userId,
        RESERVE_MINUTES,
        BOOKING_HOURS,
        reserveExpiresAt,
        now,
      ],
    );
    await client.query(
      `INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)`,
      [messageId, TOPIC.bookingCreated, id, JSON.stringify(payload), JSON.stringify(metadata), now],
    );
    await client.query(
      `UPDATE crm.deals SET status = 'Booking', version = version + 1, updated_at = $2 WHERE id = $1 AND version = 1`,
      [t.dealId, now],
    );
  });
}

interface ChildServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** startApp in a forked `tsx` process: the server gets its own thread, the load generator stays here. */
async function forkServer(databaseUrl: string): Promise<ChildServer> {
  const entry = fileURLToPath(new URL("./api-server.ts", import.meta.url));
  const cpuProfileDir = process.env.BENCH_CPU_PROF;
  const child: ChildProcess = fork(entry, [], {
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there.
    execArgv: [
      "--import",
      "tsx",
      ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []),
    ],
    env: { ...process.env, BENCH_CRM_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("forked API server did not start")),
      CHILD_START_TIMEOUT_MS,
    );
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve((message as { url: string }).url);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`forked API server exited with ${code}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send("stop");
      }),
  };
}

async function createBookingBench(app: App, pool: pg.Pool, databaseUrl: string): Promise<BenchResult[]> {
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const token = await tokens.sign({ userId: DEMO_USERS.agent.userId, roles: ["agent"], tenantId: null });
  const runs = 3; // in-process GraphQL, pg, GraphQL against the forked server
  const targets = await seedBookable(pool, runs * (CREATE_WARMUP + CREATE_REQUESTS));
  await pool.query("ANALYZE");
  let taken = 0;
  const take = (n: number) => {
    const slice = targets.slice(taken, taken + n);
    taken += n;
    return slice;
  };
  const measure = async (op: (t: { dealId: string; propertyObjectId: string }) => Promise<void>) => {
    const warm = take(CREATE_WARMUP);
    await closedLoops(CREATE_WARMUP, (i) => op(warm[i]!));
    const run = take(CREATE_REQUESTS);
    return closedLoops(CREATE_REQUESTS, (i) => op(run[i]!));
  };

  const viaGraphql = await measure((t) => graphqlCreate(app.url!, token, t));
  const viaPg = await measure((t) => pgCreate(pool, t));
  const child = await forkServer(databaseUrl);
  let viaChild: LoadRun;
  try {
    viaChild = await measure((t) => graphqlCreate(child.url, token, t));
  } finally {
    await child.stop();
  }
  const note = `${CREATE_REQUESTS} requests, ${CONCURRENCY} concurrent clients, distinct deals/apartments, pool ${POOL_SIZE}`;
  const latency = (where: string, run: LoadRun): BenchResult[] => [
    {
      name: `createBooking ${where} p50 (baseline: pg p50)`,
      value: run.p50,
      unit: "ms",
      baseline: viaPg.p50,
      note,
    },
    {
      name: `createBooking ${where} p99 (baseline: pg p99)`,
      value: run.p99,
      unit: "ms",
      baseline: viaPg.p99,
      note,
    },
  ];
  return [
    {
      name: "createBooking via GraphQL/HTTP, server in the bench process, vs pg (3 statements, 1 tx)",
      value: viaGraphql.perSecond,
      unit: "req/s",
      baseline: viaPg.perSecond,
      ratio: viaGraphql.perSecond / viaPg.perSecond,
      target: CREATE_TARGET,
      note,
    },
    ...latency("in-process", viaGraphql),
    {
      name: "createBooking via GraphQL/HTTP, server in a forked process, vs pg (3 statements, 1 tx)",
      value: viaChild.perSecond,
      unit: "req/s",
      baseline: viaPg.perSecond,
      ratio: viaChild.perSecond / viaPg.perSecond,
      target: CREATE_TARGET,
      note,
    },
    ...latency("forked server", viaChild),
  ];
}

/** Runs `batch` in its own transaction until it expires fewer than a full batch; returns the total. */
async function batchLoop(pool: pg.Pool, batch: (client: pg.PoolClient, now: Date) => Promise<number>) {
  let expired = 0;
  const client = await pool.connect();
  try {
    for (;;) {
      await client.query("BEGIN");
      const n = await batch(client, new Date());
      await client.query("COMMIT");
      expired += n;
      if (n < BATCH_SIZE) return expired;
    }
  } finally {
    client.release();
  }
}

/** The bare loop of the issue: claim a batch with SKIP LOCKED, flip its status, commit; repeat. */
function bareExpireLoop(pool: pg.Pool): Promise<number> {
  return batchLoop(pool, async (client, now) => {
    const claimed = await client.query<{ id: string }>(
      `SELECT id FROM crm.bookings
        WHERE ((status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < $1)
            OR (status = 'Booked' AND booking_expires_at < $1))
        ORDER BY COALESCE(booking_expires_at, reserve_expires_at)
        LIMIT $2
          FOR UPDATE SKIP LOCKED`,
      [now, BATCH_SIZE],
    );
    const ids = claimed.rows.map((r) => r.id);
    await client.query(
      `UPDATE crm.bookings SET status = 'ReserveExpired', ended_at = $2, updated_at = $2, version = version + 1
        WHERE id = ANY($1::uuid[])`,
      [ids, now],
    );
    return ids.length;
  });
}

/**
 * The worker's effects for the bookings `claim` selects (a SELECT of booking ids that locks them):
 * the booking status flip, the deal back to Application, two timeline rows per booking and one
 * booking-expired outbox row with a comparable JSON payload and metadata. $1 = now, $3 = the topic;
 * $2 is the claim's own parameter. Returns one row with the number expired.
 */
export function expireEffectsSql(claim: string): string {
  return `WITH c AS (
           ${claim}),
         bu AS (
           UPDATE crm.bookings b SET status = 'ReserveExpired', ended_at = $1, updated_at = $1, version = b.version + 1
             FROM c WHERE b.id = c.id
           RETURNING b.id, b.deal_id, b.property_object_id, b.tenant_id, b.version, b.reserve_expires_at),
         du AS (
           UPDATE crm.deals d SET status = 'Application', updated_at = $1, version = d.version + 1
             FROM bu WHERE d.id = bu.deal_id
           RETURNING d.id),
         tl AS (
           INSERT INTO crm.timeline_entries (deal_id, booking_id, entity, action, from_status, to_status, actor_user_id,
                                             reason, at)
           SELECT deal_id, id, 'Booking', 'ExpireBooking', 'Reserved', 'ReserveExpired', 'system',
                  'Reserve deadline passed', $1 FROM bu
           UNION ALL
           SELECT deal_id, id, 'Deal', 'OnBookingEnded', 'Booking', 'Application', 'system', NULL, $1 FROM bu),
         ob AS (
           INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
           SELECT m.message_id, $3, m.id::text,
                  jsonb_build_object('BookingId', m.id, 'DealId', m.deal_id, 'PropertyObjectId', m.property_object_id,
                                     'TenantId', m.tenant_id, 'Version', m.version, 'OccurredAt', $1::timestamptz,
                                     'Status', 'ReserveExpired', 'Phase', 'Reserve', 'FromStatus', 'Reserved',
                                     'ExpiresAt', m.reserve_expires_at, 'ExpiredAt', $1::timestamptz),
                  jsonb_build_object('messageId', m.message_id, 'eventType', 'booking-expired', 'contractVersion', 1,
                                     'aggregateId', m.id, 'aggregateType', 'Booking', 'createdAt', $1::timestamptz,
                                     'correlationId', m.id, 'causationId', NULL, 'traceparent', NULL),
                  $1
             FROM (SELECT bu.*, gen_random_uuid() AS message_id FROM bu) m)
         SELECT (SELECT count(*)::int FROM bu) AS n`;
}

const CLAIM_DUE_BATCH = `SELECT id FROM crm.bookings
            WHERE ((status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < $1)
                OR (status = 'Booked' AND booking_expires_at < $1))
            ORDER BY COALESCE(booking_expires_at, reserve_expires_at)
            LIMIT $2
              FOR UPDATE SKIP LOCKED`;

/**
 * The bare loop doing the worker's whole job in SQL, no application code (expireEffectsSql per
 * batch). What the database alone needs for the worker's effects; the gap to the worker is the
 * application's share.
 */
function fullWorkExpireLoop(pool: pg.Pool): Promise<number> {
  return batchLoop(pool, async (client, now) => {
    const result = await client.query<{ n: number }>(expireEffectsSql(CLAIM_DUE_BATCH), [
      now,
      BATCH_SIZE,
      TOPIC.bookingExpired,
    ]);
    return result.rows[0]?.n ?? 0;
  });
}

async function expirationBench(app: App, pool: pg.Pool): Promise<BenchResult[]> {
  const worker = createBookingExpirationWorker({
    db: app.db,
    clock: systemClock,
    log: app.log,
    metrics: createMetricsRegistry(),
    settings: { bookingExpirationCycleSeconds: 60, bookingExpirationBatchSize: BATCH_SIZE },
  });
  await seedDue(pool, EXPIRE_WARMUP);
  await worker.runOnce();
  await seedDue(pool, EXPIRE_WARMUP);
  await bareExpireLoop(pool);
  await seedDue(pool, EXPIRE_WARMUP);
  await fullWorkExpireLoop(pool);

  await seedDue(pool, DUE_BOOKINGS);
  let t = performance.now();
  const byWorker = await worker.runOnce();
  const workerMs = performance.now() - t;
  if (byWorker.expired !== DUE_BOOKINGS || byWorker.failed !== 0) {
    throw new Error(`worker expired ${byWorker.expired}, failed ${byWorker.failed}`);
  }

  await seedDue(pool, DUE_BOOKINGS);
  t = performance.now();
  const byBare = await bareExpireLoop(pool);
  const bareMs = performance.now() - t;
  if (byBare !== DUE_BOOKINGS) throw new Error(`bare loop expired ${byBare}`);

  await seedDue(pool, DUE_BOOKINGS);
  t = performance.now();
  const byFullSql = await fullWorkExpireLoop(pool);
  const fullSqlMs = performance.now() - t;
  if (byFullSql !== DUE_BOOKINGS) throw new Error(`full-work SQL loop expired ${byFullSql}`);

  const workerRate = (DUE_BOOKINGS / workerMs) * MS_PER_SECOND;
  const fullSqlRate = (DUE_BOOKINGS / fullSqlMs) * MS_PER_SECOND;
  const bareRate = (DUE_BOOKINGS / bareMs) * MS_PER_SECOND;
  return [
    {
      name: `expire ${DUE_BOOKINGS} due bookings: worker runOnce vs bare SKIP LOCKED loop`,
      value: workerRate,
      unit: "bookings/s",
      baseline: bareRate,
      ratio: workerRate / bareRate,
      target: EXPIRE_TARGET,
      note: `batch ${BATCH_SIZE}; worker ${(workerMs / MS_PER_SECOND).toFixed(2)} s (booking + deal + timeline + outbox per item), bare ${(bareMs / MS_PER_SECOND).toFixed(2)} s (status flip only)`,
    },
    {
      name: `expire ${DUE_BOOKINGS} due bookings: worker runOnce vs the same effects in one SQL statement per batch`,
      value: workerRate,
      unit: "bookings/s",
      baseline: fullSqlRate,
      ratio: workerRate / fullSqlRate,
      note: `batch ${BATCH_SIZE}; full-work SQL loop ${(fullSqlMs / MS_PER_SECOND).toFixed(2)} s (claim, booking, deal, 2 timeline rows, outbox row)`,
    },
  ];
}

export async function runCrmBenchmarks(): Promise<BenchResult[]> {
  const dbName = `pin_bench_crm_${Date.now().toString(36)}`;
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
    // No ClickHouse: createBooking does not touch it, and two processes cannot share one embedded chdb.
    PIN_ANALYTICS: "off",
  });
  const log = createLogger({ level: "error", pretty: false });
  let app: App | null = null;
  const pool = new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE });
  try {
    app = await startApp(settings, { log, metrics: createMetricsRegistry() });
    // BENCH_CRM_PARTS=create (or expire) runs one part: interleaved before/after pairs of one figure.
    const parts = (process.env.BENCH_CRM_PARTS ?? "create,expire").split(",");
    return [
      ...(parts.includes("create") ? await createBookingBench(app, pool, url.toString()) : []),
      ...(parts.includes("expire") ? await expirationBench(app, pool) : []),
    ];
  } finally {
    await pool.end();
    await app?.stop();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  }
}
