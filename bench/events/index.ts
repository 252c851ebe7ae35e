// Event platform benchmarks (npm run bench events). Real PostgreSQL and Kafka from
// .infra/services.env (TEST_DATABASE_URL admin URL, TEST_KAFKA_BROKERS). Each run creates and drops
// its own database. Figures go to docs/benchmarks.md ("Event platform").
import { randomUUID } from "node:crypto";
import { Kafka, logLevel, Partitioners } from "kafkajs";
import { ManualClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient, type Db } from "../../src/platform/db/prisma-client.js";
import { defineConsumer } from "../../src/platform/events/consumer/definition.js";
import { registerContract } from "../../src/platform/events/contracts/registry.js";
import { createEventPlatform } from "../../src/platform/events/event-platform.js";
import { enqueue } from "../../src/platform/events/outbox/enqueue.js";
import { headersOf } from "../../src/platform/events/wire.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { need, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";

const WRITE_TXS = 2_000;
const RELAY_EVENTS = 20_000;
const CONSUME_EVENTS = 5_000;
const KEYS = 200;
const BATCH = 500;
const PARTITIONS = 6;
const SCHEMA = {
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
    results.push(await outboxWrite(db));
    results.push(await relayThroughput(db, brokers));
    results.push(await consumerThroughput(db, brokers));
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
    settings: { ...loadSettings({ NODE_ENV: "test" }), kafkaBrokers: brokers.join(","), instanceId: "bench" },
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
  await admin.createTopics({
    waitForLeaders: true,
    topics: [topic, bareTopic].map((t) => ({ topic: t, numPartitions: PARTITIONS })),
  });
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

async function consumerThroughput(db: Db, brokers: string[]): Promise<BenchResult> {
  const topic = `pin.bench.consume.${Date.now().toString(36)}`;
  registerContract(topic, SCHEMA);
  const platform = createEventPlatform({
    settings: {
      ...loadSettings({ NODE_ENV: "test" }),
      kafkaBrokers: brokers.join(","),
      instanceId: "bench-c",
    },
    db,
    log: createLogger({ level: "warn", pretty: false }),
    metrics: createMetricsRegistry(),
    clock: new ManualClock(new Date()),
    tuning: { topicPartitions: PARTITIONS, relayBatchSize: BATCH },
  });
  await bulkEnqueue(db, topic, CONSUME_EVENTS);
  const relay = platform.startRelay();
  await relay.start();
  await relay.whenCaughtUp?.();
  await relay.stop();
  let firstHandledAt = 0;
  const consumer = platform.runConsumer(
    defineConsumer({
      group: `pin-bench-${Date.now()}`,
      metricsPrefix: "bench_items",
      handlers: {
        [topic]: async (p: { Key: string; Seq: number }, { tx }) => {
          firstHandledAt ||= performance.now();
          await tx.$executeRaw`
            INSERT INTO bench.items (key, seq) VALUES (${p.Key}, ${p.Seq})
            ON CONFLICT (key) DO UPDATE SET seq = EXCLUDED.seq WHERE bench.items.seq < EXCLUDED.seq`;
        },
      },
    }),
  );
  await consumer.start();
  await consumer.whenCaughtUp?.();
  // From the first handled message to caught up: group join and first fetch excluded.
  const consumeMs = performance.now() - firstHandledAt;
  await consumer.stop();
  await platform.close();

  await db.$executeRaw`TRUNCATE bench.items`;
  const bareMs = await elapsed(async () => {
    for (let start = 0; start < CONSUME_EVENTS; start += BATCH) {
      const keys: string[] = [];
      const seqs: number[] = [];
      const latest = new Map<string, number>();
      for (let i = start; i < Math.min(CONSUME_EVENTS, start + BATCH); i++) latest.set(`k${i % KEYS}`, i);
      for (const [k, s] of latest) {
        keys.push(k);
        seqs.push(s);
      }
      await db.$executeRaw`
        INSERT INTO bench.items (key, seq) SELECT * FROM unnest(${keys}::text[], ${seqs}::int[])
        ON CONFLICT (key) DO UPDATE SET seq = EXCLUDED.seq WHERE bench.items.seq < EXCLUDED.seq`;
    }
  });
  return result(
    "consumer: Kafka → dedup + upsert per message (events/s)",
    perSecond(CONSUME_EVENTS, consumeMs),
    perSecond(CONSUME_EVENTS, bareMs),
    "events/s",
    `baseline = bare batched upsert (${BATCH} rows per statement, no broker, no dedup); measured from the first handled message (group join excluded); 6 partitions consumed concurrently`,
  );
}
