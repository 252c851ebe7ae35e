// 10,000 due bookings expired: our booking-expiration worker (SKIP LOCKED batches, four tables
// per batch) vs pg-boss and graphile-worker running one job per booking, every job scheduled for
// the booking's deadline (all due at once), each job doing the same writes for its booking.
import { Logger, makeWorkerUtils, run as runGraphileWorker } from "graphile-worker";
import pg from "pg";
import PgBoss from "pg-boss";
import { systemClock } from "../../src/platform/clock/clock.js";
import type { Db } from "../../src/platform/db/prisma-client.js";
import { TOPIC } from "../../src/platform/events/topics.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { createBookingExpirationWorker } from "../../src/workers/booking-expiration.worker.js";
import { expireEffectsSql, seedDue } from "../crm/index.js";
import type { BenchResult } from "../types.js";
import { elapsed, perSecond, size, versus, waitUntil } from "./measure.js";

/** Our worker's batch (its production default) and the peers' pool and concurrency (decision 0192). */
const BATCH_SIZE = 500;
const POOL_SIZE = 10;
const PEER_CONCURRENCY = 10;
/** pg-boss fetches this many jobs per worker poll (its minimum poll interval is 0.5 s). */
const PG_BOSS_FETCH = 100;
const PG_BOSS_MIN_POLL_SECONDS = 0.5;
/** graphile-worker's documented high-throughput settings (local queue, batched completion). */
const GRAPHILE_LOCAL_QUEUE = 100;
const QUEUE = "expire-booking";

/** One job's work: the worker's effects for one booking, if it is still due (locked, version-bumped). */
const EXPIRE_ONE = expireEffectsSql(`SELECT id FROM crm.bookings
            WHERE id = $2::uuid
              AND ((status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < $1)
                OR (status = 'Booked' AND booking_expires_at < $1))
              FOR UPDATE`);

async function expireOne(client: pg.ClientBase, bookingId: string): Promise<void> {
  await client.query(EXPIRE_ONE, [new Date(), bookingId, TOPIC.bookingExpired]);
}

/** Seeds `n` due bookings and returns their ids (earlier rounds are already expired). */
async function seedRound(pool: pg.Pool, n: number): Promise<string[]> {
  await seedDue(pool, n);
  const rows = await pool.query<{ id: string }>("SELECT id FROM crm.bookings WHERE status = 'Reserved'");
  return rows.rows.map((r) => r.id);
}

const stillDue = async (pool: pg.Pool) =>
  Number(
    (await pool.query<{ n: string }>("SELECT count(*) AS n FROM crm.bookings WHERE status = 'Reserved'"))
      .rows[0]?.n,
  );

async function ours(db: Db, pool: pg.Pool, n: number): Promise<number> {
  const worker = createBookingExpirationWorker({
    db,
    clock: systemClock,
    log: createLogger({ level: "error", pretty: false }),
    metrics: createMetricsRegistry(),
    settings: { bookingExpirationCycleSeconds: 60, bookingExpirationBatchSize: BATCH_SIZE },
  });
  await seedRound(pool, n);
  let outcome = { expired: 0, failed: 0 };
  const ms = await elapsed(async () => {
    outcome = await worker.runOnce();
  });
  if (outcome.expired !== n || outcome.failed !== 0)
    throw new Error(`our worker expired ${outcome.expired}, failed ${outcome.failed}`);
  return ms;
}

interface PeerRun {
  /** Writing the jobs (in a job-queue design, done when each booking is created) */
  readonly enqueueMs: number;
  /** From starting the workers until every booking is expired */
  readonly drainMs: number;
}

async function pgBoss(url: string, pool: pg.Pool, n: number): Promise<PeerRun> {
  const boss = new PgBoss({
    connectionString: url,
    max: POOL_SIZE,
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  boss.on("error", (error: unknown) => console.error("pg-boss", error));
  await boss.start();
  try {
    await boss.createQueue(QUEUE);
    const ids = await seedRound(pool, n);
    const due = new Date();
    const enqueueMs = await elapsed(async () => {
      for (let i = 0; i < ids.length; i += BATCH_SIZE) {
        await boss.insert(
          ids
            .slice(i, i + BATCH_SIZE)
            .map((id) => ({ name: QUEUE, data: { bookingId: id }, startAfter: due })),
        );
      }
    });
    const drainMs = await elapsed(async () => {
      for (let w = 0; w < PEER_CONCURRENCY; w++) {
        await boss.work<{ bookingId: string }>(
          QUEUE,
          { batchSize: PG_BOSS_FETCH, pollingIntervalSeconds: PG_BOSS_MIN_POLL_SECONDS },
          async (jobs) => {
            const client = await pool.connect();
            try {
              for (const job of jobs) await expireOne(client, job.data.bookingId);
            } finally {
              client.release();
            }
          },
        );
      }
      await waitUntil("pg-boss to expire every booking", async () => (await stillDue(pool)) === 0);
    });
    await boss.offWork(QUEUE);
    return { enqueueMs, drainMs };
  } finally {
    await boss.stop({ graceful: false, wait: true, close: true });
  }
}

const silent = new Logger(() => () => {});

async function graphileWorker(url: string, pool: pg.Pool, n: number, tuned: boolean): Promise<PeerRun> {
  const utils = await makeWorkerUtils({ connectionString: url, logger: silent });
  try {
    await utils.migrate();
    const ids = await seedRound(pool, n);
    const due = new Date();
    const enqueueMs = await elapsed(async () => {
      for (let i = 0; i < ids.length; i += BATCH_SIZE) {
        await utils.addJobs(
          ids
            .slice(i, i + BATCH_SIZE)
            .map((id) => ({ identifier: QUEUE, payload: { bookingId: id }, runAt: due })),
        );
      }
    });
    let runner: Awaited<ReturnType<typeof runGraphileWorker>> | null = null;
    const drainMs = await elapsed(async () => {
      runner = await runGraphileWorker({
        connectionString: url,
        concurrency: PEER_CONCURRENCY,
        maxPoolSize: POOL_SIZE,
        noHandleSignals: true,
        logger: silent,
        taskList: {
          [QUEUE]: async (payload, helpers) => {
            const { bookingId } = payload as { bookingId: string };
            await helpers.withPgClient((client) => expireOne(client, bookingId));
          },
        },
        ...(tuned
          ? {
              preset: {
                worker: { localQueue: { size: GRAPHILE_LOCAL_QUEUE }, completeJobBatchDelay: 0 },
              },
            }
          : {}),
      });
      await waitUntil("graphile-worker to expire every booking", async () => (await stillDue(pool)) === 0);
    });
    await (runner as Awaited<ReturnType<typeof runGraphileWorker>> | null)?.stop();
    return { enqueueMs, drainMs };
  } finally {
    await utils.release();
  }
}

export async function expirationVsJobQueues(
  db: Db,
  url: string,
  due = size("DUE_BOOKINGS", 10_000),
): Promise<BenchResult[]> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  try {
    const warm = Math.min(200, due);
    await ours(db, pool, warm);
    await pgBoss(url, pool, warm);
    await graphileWorker(url, pool, warm, false);
    const oursMs = await ours(db, pool, due);
    const boss = await pgBoss(url, pool, due);
    const gw = await graphileWorker(url, pool, due, false);
    const gwTuned = await graphileWorker(url, pool, due, true);
    const rate = (ms: number) => perSecond(due, ms);
    const note = (peer: PeerRun, how: string) =>
      `${due} bookings due at once; ours runOnce ${(oursMs / 1000).toFixed(2)} s (batches of ${BATCH_SIZE}); peer ${how}: drain ${(peer.drainMs / 1000).toFixed(2)} s, enqueueing the jobs beforehand ${(peer.enqueueMs / 1000).toFixed(2)} s (not counted)`;
    return [
      versus(
        "expire due bookings: our worker vs pg-boss, one job per booking",
        rate(oursMs),
        rate(boss.drainMs),
        "bookings/s",
        "rate",
        note(
          boss,
          `${PEER_CONCURRENCY} workers × ${PG_BOSS_FETCH} jobs per fetch, poll ${PG_BOSS_MIN_POLL_SECONDS} s`,
        ),
      ),
      versus(
        "expire due bookings: our worker vs graphile-worker (defaults), one job per booking",
        rate(oursMs),
        rate(gw.drainMs),
        "bookings/s",
        "rate",
        note(gw, `concurrency ${PEER_CONCURRENCY}`),
      ),
      versus(
        "expire due bookings: our worker vs graphile-worker (local queue, batched completion)",
        rate(oursMs),
        rate(gwTuned.drainMs),
        "bookings/s",
        "rate",
        note(
          gwTuned,
          `concurrency ${PEER_CONCURRENCY}, localQueue ${GRAPHILE_LOCAL_QUEUE}, completeJobBatchDelay 0`,
        ),
      ),
    ];
  } finally {
    await pool.end();
  }
}
