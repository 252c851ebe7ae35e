// Event platform benchmarks (npm run bench events). Real PostgreSQL and Kafka from
// .infra/services.env (TEST_DATABASE_URL admin URL, TEST_KAFKA_BROKERS). Each run creates and drops
// its own database. Figures go to docs/engineering/benchmarks.md ("Event platform").
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { Kafka, logLevel, Partitioners } from "kafkajs";
import { ManualClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient, type Db, pgPoolOf, type Tx } from "../../src/platform/db/prisma-client.js";
import { pgRunner } from "../../src/platform/db/sql-runner.js";
import { type DedupKey, dedupKeyHash } from "../../src/platform/events/consumer/dedup-key.js";
import { defineConsumer, type PgTx, pgScope } from "../../src/platform/events/consumer/definition.js";
import { markProcessed } from "../../src/platform/events/consumer/sql/mark-processed.js";
import { registerContract } from "../../src/platform/events/contracts/registry.js";
import { HEADER } from "../../src/platform/events/envelope.js";
import { createEventPlatform } from "../../src/platform/events/event-platform.js";
import { createTopicsWithLeaders } from "../../src/platform/events/kafka/create-topics.js";
import { enqueue } from "../../src/platform/events/outbox/enqueue.js";
import { eventTypeOf } from "../../src/platform/events/topics.js";
import { headersOf } from "../../src/platform/events/wire.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { BENCH_KAFKA_CLIENT, need, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";

const WRITE_TXS = 2_000;
const RELAY_EVENTS = 20_000;
const KEYS = 200;
const BATCH = 500;
const PARTITIONS = 6;
export const SCHEMA = {
  type: "object",
  required: ["Key", "Seq"],
  properties: { Key: { type: "string" }, Seq: { type: "integer" } },
} as const;

const perSecond = (count: number, ms: number) => (count / ms) * 1000;
const elapsed = async (fn: () => Promise<unknown>): Promise<number> => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const result = (name: string, value: number, baseline: number, unit: string, note: string): BenchResult => ({
  name,
  value,
  unit,
  baseline,
  ratio: value / baseline,
  note,
});

export async function runEventBenchmarks(): Promise<BenchResult[]> {
  const dbName = `pin_bench_events_${Date.now().toString(36)}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${dbName}"`));
  const url = new URL(need("TEST_DATABASE_URL"));
  url.pathname = `/${dbName}`;
  const log = createLogger({ level: "warn", pretty: false });
  await runMigrations({ url: url.toString(), log });
  const db = createPrismaClient({ url: url.toString(), maxConnections: 10 });
  const brokers = need("TEST_KAFKA_BROKERS").split(",");
  const results: BenchResult[] = [];
  try {
    await db.$executeRaw`CREATE SCHEMA bench`;
    await db.$executeRaw`CREATE TABLE bench.items (key TEXT PRIMARY KEY, seq INTEGER NOT NULL)`;
    await db.$executeRaw`CREATE TABLE bench.things (id UUID PRIMARY KEY, name TEXT NOT NULL)`;
    if (!process.env.BENCH_CONSUMERS_ONLY) {
      results.push(await outboxWrite(db));
      results.push(await relayThroughput(db, brokers));
    }
    results.push(...(await consumerComparison(db, brokers)));
    if (VARIANTS.has("local")) results.push(...(await localLogComparison(db)));
  } finally {
    await db.$disconnect();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  }
  return results;
}

async function outboxWrite(db: Db): Promise<BenchResult> {
  const topic = `pin.bench.thing-created.v1`;
  registerContract(topic, { type: "object" });
  const bareLoop = async () => {
    for (let i = 0; i < WRITE_TXS; i++) {
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO bench.things (id, name) VALUES (${randomUUID()}::uuid, 'x')`;
      });
    }
  };
  const outboxLoop = async () => {
    for (let i = 0; i < WRITE_TXS; i++) {
      await db.$transaction(async (tx) => {
        const id = randomUUID();
        await tx.$executeRaw`INSERT INTO bench.things (id, name) VALUES (${id}::uuid, 'x')`;
        await enqueue(tx, { topic, key: id, aggregateType: "Thing", payload: { Id: id } });
      });
    }
  };
  // Warm both paths (pool, JIT, plan cache) before measuring, then measure each once.
  await bareLoop();
  await outboxLoop();
  const bare = await elapsed(bareLoop);
  const withOutbox = await elapsed(outboxLoop);
  await db.$executeRaw`DELETE FROM platform.outbox`;
  return result(
    "outbox write: business insert + outbox row (tx/s)",
    perSecond(WRITE_TXS, withOutbox),
    perSecond(WRITE_TXS, bare),
    "tx/s",
    `baseline = bare business insert commit; ${WRITE_TXS} sequential interactive transactions`,
  );
}

async function bulkEnqueue(db: Db, topic: string, count: number): Promise<void> {
  const clock = new ManualClock(new Date());
  for (let start = 0; start < count; start += BATCH) {
    await db.$transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        await enqueue(
          tx,
          { topic, key: `k${i % KEYS}`, aggregateType: "Item", payload: { Key: `k${i % KEYS}`, Seq: i } },
          clock,
        );
      }
    });
  }
}

async function relayThroughput(db: Db, brokers: string[]): Promise<BenchResult> {
  const topic = `pin.bench.relay.${Date.now().toString(36)}`;
  registerContract(topic, SCHEMA);
  await bulkEnqueue(db, topic, RELAY_EVENTS);
  const platform = createEventPlatform({
    settings: {
      ...loadSettings({ NODE_ENV: "test" }),
      kafkaBrokers: brokers.join(","),
      kafkaClient: BENCH_KAFKA_CLIENT,
      instanceId: "bench",
    },
    db,
    log: createLogger({ level: "warn", pretty: false }),
    metrics: createMetricsRegistry(),
    clock: new ManualClock(new Date()),
    tuning: { topicPartitions: PARTITIONS, relayBatchSize: BATCH, relayWorkers: 4 },
  });
  const relay = platform.startRelay();
  // Topic creation is not what we measure: create it before the clock starts.
  const kafka = new Kafka({ clientId: "bench", brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const bareTopic = `${topic}.bare`;
  await createTopicsWithLeaders(admin, [topic, bareTopic], PARTITIONS);
  await admin.disconnect();
  const relayMs = await elapsed(async () => {
    await relay.start();
    await relay.whenCaughtUp?.();
  });
  await relay.stop();
  await platform.close();

  const producer = kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    maxInFlightRequests: 1,
  });
  await producer.connect();
  const headers = headersOf({
    messageId: randomUUID(),
    eventType: "relay",
    contractVersion: 1,
    aggregateId: "k",
    aggregateType: "Item",
    createdAt: new Date().toISOString(),
    correlationId: randomUUID(),
    causationId: null,
    traceparent: null,
  });
  const bareMs = await elapsed(async () => {
    for (let start = 0; start < RELAY_EVENTS; start += BATCH) {
      const messages = [];
      for (let i = start; i < Math.min(RELAY_EVENTS, start + BATCH); i++) {
        messages.push({
          key: `k${i % KEYS}`,
          value: JSON.stringify({ Key: `k${i % KEYS}`, Seq: i }),
          headers,
        });
      }
      await producer.send({ topic: bareTopic, acks: -1, messages });
    }
  });
  await producer.disconnect();
  return result(
    "relay: outbox → Kafka (events/s)",
    perSecond(RELAY_EVENTS, relayMs),
    perSecond(RELAY_EVENTS, bareMs),
    "events/s",
    `baseline = bare kafkajs send loop, batch ${BATCH}, acks=-1; relay: 8 shards, 4 workers, batch ${BATCH}`,
  );
}

/** Sizes: BENCH_CONSUME_EVENTS for (b)–(d), BENCH_SLOW_EVENTS for the one-per-transaction paths. */
const CONSUME_EVENTS = Number(process.env.BENCH_CONSUME_EVENTS ?? 20_000);
const SLOW_EVENTS = Number(process.env.BENCH_SLOW_EVENTS ?? 3_000);
const VARIANTS = new Set((process.env.BENCH_VARIANTS ?? "a,b,c,d,cpg,dpg,local").split(","));
export type Item = { Key: string; Seq: number };

const measured = { from: 0, to: 0 };
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** With BENCH_CPU_PROF=<dir>, a V8 CPU profile of `fn` alone goes to <dir>/<name>.cpuprofile. */
async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, out) => (error ? reject(error) : resolve(out))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 500 });
  await post("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = (await post("Profiler.stop")) as { profile: object };
    mkdirSync(dir, { recursive: true });
    // The measured window (first handled message → caught up) in the profile's clock (µs).
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify({ ...profile, measured }));
    session.disconnect();
  }
}

/** Produces `count` item events straight to Kafka with the headers the outbox would write. */
export async function produceItems(kafka: Kafka, topic: string, count: number): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  await createTopicsWithLeaders(admin, [topic], PARTITIONS);
  await admin.disconnect();
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  for (let start = 0; start < count; start += BATCH) {
    const messages = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const key = `k${i % KEYS}`;
      const messageId = randomUUID();
      messages.push({
        key,
        value: JSON.stringify({ Key: key, Seq: i }),
        headers: headersOf({
          messageId,
          eventType: eventTypeOf(topic),
          contractVersion: 1,
          aggregateId: key,
          aggregateType: "Item",
          createdAt: new Date().toISOString(),
          correlationId: messageId,
          causationId: null,
          traceparent: null,
        }),
      });
    }
    await producer.send({ topic, acks: -1, messages });
  }
  await producer.disconnect();
}

async function upsertOne(tx: Tx, p: Item): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO bench.items (key, seq) VALUES (${p.Key}, ${p.Seq})
    ON CONFLICT (key) DO UPDATE SET seq = EXCLUDED.seq WHERE bench.items.seq < EXCLUDED.seq`;
}

/** The set-based upsert every batched path runs: the latest Seq per key, one statement. */
export async function upsertMany(runner: Tx | Db, items: readonly Item[]): Promise<void> {
  const latest = new Map<string, number>();
  for (const i of items) latest.set(i.Key, Math.max(latest.get(i.Key) ?? -1, i.Seq));
  if (latest.size === 0) return;
  await runner.$executeRaw`
    INSERT INTO bench.items (key, seq) SELECT * FROM unnest(${[...latest.keys()]}::text[], ${[...latest.values()]}::int[])
    ON CONFLICT (key) DO UPDATE SET seq = EXCLUDED.seq WHERE bench.items.seq < EXCLUDED.seq`;
}

/** The same upsert on a raw `pg` client or pool (the pg scope's handler, the bare loop's twin). */
export async function upsertManyPg(runner: PgTx, items: readonly Item[]): Promise<void> {
  const latest = new Map<string, number>();
  for (const i of items) latest.set(i.Key, Math.max(latest.get(i.Key) ?? -1, i.Seq));
  if (latest.size === 0) return;
  await runner.query(
    `INSERT INTO bench.items (key, seq) SELECT * FROM unnest($1::text[], $2::int[])
     ON CONFLICT (key) DO UPDATE SET seq = EXCLUDED.seq WHERE bench.items.seq < EXCLUDED.seq`,
    [[...latest.keys()], [...latest.values()]],
  );
}

/**
 * The bare loop's chunk with the runtime's exactly-once guarantee and nothing else: in one
 * transaction on one pool connection, the runtime's own dedup-mark statement over the chunk's
 * message ids (the same hashed keys, the same SQL), then the upsert of the fresh messages. What
 * a hand-written consumer with per-message dedup costs: the baseline that isolates the
 * runtime's code from the guarantee's statement (decision 0538).
 */
async function markThenUpsertPg(
  pool: NonNullable<ReturnType<typeof pgPoolOf>>,
  group: string,
  topic: string,
  chunk: readonly { headers?: Record<string, unknown> }[],
  items: readonly Item[],
): Promise<void> {
  const keys = chunk.map((m) => {
    const raw = m.headers?.[HEADER.messageId];
    const id = Array.isArray(raw) ? String(raw[0]) : String(raw);
    return dedupKeyHash(`${group}:${topic}:${id}`);
  });
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const fresh = await markProcessed(pgRunner(client), group, keys, new Date());
    await upsertManyPg(
      client,
      items.filter((_, i) => fresh.has(keys[i] as DedupKey)),
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export type Variant =
  | "per-message, batch of 1"
  | "per-message"
  | "batch handler"
  | "batch handler, pg scope"
  | "batch handler, pg scope, no marks";

function benchConsumer(topic: string, variant: Variant, onFirst: () => void) {
  const common = {
    group: `pin-bench-${variant.replaceAll(/[^a-z]+/g, "-")}-${Date.now()}`,
  };
  if (variant === "batch handler, pg scope" || variant === "batch handler, pg scope, no marks") {
    // The upsert keeps the highest Seq of a key: idempotent by construction, so it may go unmarked
    // (pgScope({ marks: false }), decision 0540) with its keys' order declared irrelevant.
    const unmarked = variant === "batch handler, pg scope, no marks";
    return defineConsumer<Record<string, Item>, PgTx>({
      ...common,
      scope: pgScope({ marks: !unmarked }),
      ...(unmarked ? { ordering: { keyOrder: "irrelevant" as const } } : {}),
      topics: [topic],
      async handleBatch(messages, { tx }) {
        onFirst();
        await upsertManyPg(
          tx,
          messages.map((m) => m.payload),
        );
      },
    });
  }
  if (variant === "batch handler") {
    return defineConsumer<Record<string, Item>>({
      ...common,
      topics: [topic],
      async handleBatch(messages, { tx }) {
        onFirst();
        await upsertMany(
          tx,
          messages.map((m) => m.payload),
        );
      },
    });
  }
  return defineConsumer<Record<string, Item>>({
    ...common,
    ...(variant === "per-message, batch of 1" ? { batch: { maxMessages: 1 } } : {}),
    handlers: {
      [topic]: async (p, { tx }) => {
        onFirst();
        await upsertOne(tx, p);
      },
    },
  });
}

function platformOf(db: Db, brokers: string[] | null, id: string, metrics = createMetricsRegistry()) {
  return createEventPlatform({
    settings: {
      ...loadSettings({ NODE_ENV: "test" }),
      kafkaBrokers: brokers ? brokers.join(",") : null,
      kafkaClient: BENCH_KAFKA_CLIENT,
      instanceId: id,
    },
    db,
    log: createLogger({ level: "warn", pretty: false }),
    metrics,
    clock: new ManualClock(new Date()),
    tuning: { topicPartitions: PARTITIONS, relayBatchSize: BATCH, localPollMs: 20 },
  });
}

/**
 * Runs one consumer variant over a topic already filled (`count` events); ms from the first
 * handled message to the moment all are handled and their offsets committed. The consumed counter
 * is polled in process (cheap) until it reaches `count`; only then does `whenCaughtUp` (broker
 * admin calls and a parked-rows query every 50 ms) confirm the offsets, so its polling does not
 * compete with the consumer for the CPU during the run, as (d) has no such poller either.
 */
export async function timeVariant(
  db: Db,
  brokers: string[] | null,
  topic: string,
  variant: Variant,
  count: number,
): Promise<number> {
  await db.$executeRaw`TRUNCATE bench.items`;
  const registry = createMetricsRegistry();
  const platform = platformOf(db, brokers, `bench-${variant.length}-${Date.now()}`, registry);
  let firstHandledAt = 0;
  const consumer = platform.runConsumer(
    benchConsumer(topic, variant, () => {
      if (firstHandledAt) return;
      firstHandledAt = performance.now();
      measured.from = nowUs();
    }),
  );
  await consumer.start();
  const consumed = async () => {
    const metric = registry.getSingleMetric("pin_consumer_consumed_total");
    const values = metric ? (await metric.get()).values : [];
    return values.reduce((sum, v) => sum + v.value, 0);
  };
  const giveUpAt = Date.now() + 10 * 60_000; // then whenCaughtUp alone decides
  while ((await consumed()) < count && Date.now() < giveUpAt) await new Promise((r) => setTimeout(r, 5));
  await consumer.whenCaughtUp?.();
  const ms = performance.now() - firstHandledAt;
  measured.to = nowUs();
  await consumer.stop();
  await platform.close();
  return ms;
}

/** (d): a bare kafkajs eachBatch loop, the same set-based upsert, no dedup and no error policy. */
export async function timeBareEachBatch(
  kafka: Kafka,
  db: Db,
  topic: string,
  count: number,
  via: "prisma" | "pg" | "pg+mark" = "prisma",
): Promise<number> {
  const pool = pgPoolOf(db);
  if (via !== "prisma" && !pool) throw new Error("bench: the database has no pg pool");
  const group = `pin-bench-bare-${Date.now()}`;
  await db.$executeRaw`TRUNCATE bench.items`;
  const consumer = kafka.consumer({ groupId: group, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let seen = 0;
  let firstAt = 0;
  let done!: () => void;
  const finished = new Promise<void>((r) => {
    done = r;
  });
  await consumer.run({
    autoCommit: false,
    partitionsConsumedConcurrently: PARTITIONS,
    eachBatch: async ({ batch, commitOffsetsIfNecessary, resolveOffset }) => {
      if (!firstAt) {
        firstAt = performance.now();
        measured.from = nowUs();
      }
      for (let from = 0; from < batch.messages.length; from += BATCH) {
        const chunk = batch.messages.slice(from, from + BATCH);
        const items = chunk.map((m) => JSON.parse(m.value?.toString() ?? "{}") as Item);
        if (via === "pg+mark" && pool) await markThenUpsertPg(pool, group, topic, chunk, items);
        else if (via === "pg" && pool) await upsertManyPg(pool, items);
        else await upsertMany(db, items);
        const last = chunk[chunk.length - 1];
        if (last) resolveOffset(last.offset);
        await commitOffsetsIfNecessary({
          topics: [
            { topic, partitions: [{ partition: batch.partition, offset: String(Number(last?.offset) + 1) }] },
          ],
        });
        seen += chunk.length;
      }
      if (seen >= count) done();
    },
  });
  await finished;
  const ms = performance.now() - firstAt;
  measured.to = nowUs();
  await consumer.disconnect();
  return ms;
}

async function consumerComparison(db: Db, brokers: string[]): Promise<BenchResult[]> {
  const kafka = new Kafka({ clientId: "bench-consume", brokers, logLevel: logLevel.NOTHING });
  const id = Date.now().toString(36);
  const big = `pin.bench.item-changed-${id}.v1`;
  const small = `pin.bench.item-slow-${id}.v1`;
  registerContract(big, SCHEMA);
  registerContract(small, SCHEMA);
  await produceItems(kafka, big, CONSUME_EVENTS);
  await produceItems(kafka, small, SLOW_EVENTS);

  // BENCH_VARIANTS=c,d runs only those (profiling one path); the others then read NaN.
  const run = async (v: string, fn: () => Promise<number>) =>
    VARIANTS.has(v) ? profiled(`consumer-${v}`, fn) : Number.NaN;
  const d = await run("d", async () =>
    perSecond(CONSUME_EVENTS, await timeBareEachBatch(kafka, db, big, CONSUME_EVENTS)),
  );
  const a = await run("a", async () =>
    perSecond(SLOW_EVENTS, await timeVariant(db, brokers, small, "per-message, batch of 1", SLOW_EVENTS)),
  );
  const b = await run("b", async () =>
    perSecond(CONSUME_EVENTS, await timeVariant(db, brokers, big, "per-message", CONSUME_EVENTS)),
  );
  const c = await run("c", async () =>
    perSecond(CONSUME_EVENTS, await timeVariant(db, brokers, big, "batch handler", CONSUME_EVENTS)),
  );
  const dPg = await run("dpg", async () =>
    perSecond(CONSUME_EVENTS, await timeBareEachBatch(kafka, db, big, CONSUME_EVENTS, "pg")),
  );
  const cPg = await run("cpg", async () =>
    perSecond(CONSUME_EVENTS, await timeVariant(db, brokers, big, "batch handler, pg scope", CONSUME_EVENTS)),
  );
  const note = `${PARTITIONS} partitions, ${KEYS} keys, measured from the first handled message to caught up`;
  return [
    result(
      `(d-pg) bare kafkajs eachBatch + the upsert on the pg pool, ${CONSUME_EVENTS} events`,
      dPg,
      dPg,
      "events/s",
      note,
    ),
    result(
      `(c-pg) batched runtime, batch handler on pgScope, ${CONSUME_EVENTS} events`,
      cPg,
      a,
      "events/s",
      `${note}; baseline = (a)`,
    ),
    result(`(c-pg) / (d-pg)`, cPg, dPg, "events/s", `target ≥ 0.5 (issue #26); ${note}`),
    result(`(d) bare kafkajs eachBatch + set-based upsert, ${CONSUME_EVENTS} events`, d, d, "events/s", note),
    result(
      `(a) one transaction per message (batch of 1), ${SLOW_EVENTS} events`,
      a,
      a,
      "events/s",
      `${note}; baseline = itself`,
    ),
    result(
      `(b) batched runtime, per-message handler, ${CONSUME_EVENTS} events`,
      b,
      a,
      "events/s",
      `${note}; baseline = (a)`,
    ),
    result(
      `(c) batched runtime, batch handler, ${CONSUME_EVENTS} events`,
      c,
      a,
      "events/s",
      `${note}; baseline = (a)`,
    ),
    result(`(c) / (d)`, c, d, "events/s", `target ≥ 0.6; ${note}`),
  ];
}

/** Local log end to end (outbox → relay → local log → consumer), one per transaction vs batched. */
async function localLogComparison(db: Db): Promise<BenchResult[]> {
  const id = Date.now().toString(36);
  const topic = `pin.bench.item-local-${id}.v1`;
  registerContract(topic, SCHEMA);
  await bulkEnqueue(db, topic, SLOW_EVENTS);
  const platform = platformOf(db, null, `bench-local-${id}`);
  const relay = platform.startRelay();
  await relay.start();
  await relay.whenCaughtUp?.();
  await relay.stop();
  const before = perSecond(
    SLOW_EVENTS,
    await timeVariant(db, null, topic, "per-message, batch of 1", SLOW_EVENTS),
  );
  const after = perSecond(SLOW_EVENTS, await timeVariant(db, null, topic, "per-message", SLOW_EVENTS));
  const batch = perSecond(SLOW_EVENTS, await timeVariant(db, null, topic, "batch handler", SLOW_EVENTS));
  const note = `${SLOW_EVENTS} events, ${KEYS} keys, 4 lanes; consumer side from the first handled message`;
  return [
    result(
      "local log: per-message handler, batched (after) vs batch of 1 (before)",
      after,
      before,
      "events/s",
      note,
    ),
    result("local log: batch handler vs batch of 1 (before)", batch, before, "events/s", note),
  ];
}
