// Outbox write + relay to Kafka: ours (platform.outbox written the way crm writes it, the relay of
// src/platform/events) vs pg-transactional-outbox (its message storage and polling listener, a
// kafkajs producer as its message publisher). Same PostgreSQL database, same broker, same keys.
import { randomUUID } from "node:crypto";
import { Kafka, logLevel, Partitioners, type Producer } from "kafkajs";
import pg from "pg";
import {
  DatabaseSetup,
  getDefaultLogger,
  getDisabledLogger,
  initializeMessageStorage,
  initializePollingMessageListener,
  type PollingListenerConfig,
  type StoredTransactionalMessage,
} from "pg-transactional-outbox";
import { Prisma } from "../../src/generated/prisma/client.js";
import { ManualClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { type Db, pgPoolOf } from "../../src/platform/db/prisma-client.js";
import { registerContract } from "../../src/platform/events/contracts/registry.js";
import type { EventMetadata } from "../../src/platform/events/envelope.js";
import { createEventPlatform } from "../../src/platform/events/event-platform.js";
import { createTopicsWithLeaders } from "../../src/platform/events/kafka/create-topics.js";
import { signalOutboxAfterCommit } from "../../src/platform/events/outbox/after-commit-signal.js";
import { type CommitSignal, enqueue, outboxInsert } from "../../src/platform/events/outbox/enqueue.js";
import { headersOf } from "../../src/platform/events/wire.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { closedLoops } from "../crm/index.js";
import { BENCH_KAFKA_CLIENT, inTransaction } from "../support.js";
import type { BenchResult } from "../types.js";
import { elapsed, perSecond, size, versus, waitUntil } from "./measure.js";

const KEYS = 200;
const PARTITIONS = 6;
/** Both sides' database pools and both relays' batch: the platform's production defaults. */
const POOL_SIZE = 10;
const WRITERS = 8;
const RELAY_BATCH = 500;
/** The peer works on each message in its own transaction: one per handler connection. */
const PEER_IN_FLIGHT = POOL_SIZE;

export interface OutboxPeerSizes {
  readonly writes: number;
  readonly relayEvents: number;
}

export const outboxPeerSizes = (): OutboxPeerSizes => ({
  writes: size("OUTBOX_WRITES", 2_000),
  relayEvents: size("RELAY_EVENTS", 5_000),
});

const PEER_SETUP = {
  outboxOrInbox: "outbox" as const,
  database: "unused",
  schema: "peer_outbox",
  table: "outbox",
  listenerRole: "unused",
  nextMessagesName: "next_outbox_messages",
};

async function createTables(pool: pg.Pool): Promise<void> {
  await pool.query("CREATE SCHEMA IF NOT EXISTS bench");
  await pool.query("CREATE TABLE IF NOT EXISTS bench.things (id UUID PRIMARY KEY, name TEXT NOT NULL)");
  await pool.query(DatabaseSetup.dropAndCreateTable(PEER_SETUP));
  await pool.query(DatabaseSetup.createPollingFunction(PEER_SETUP));
  await pool.query(DatabaseSetup.setupPollingIndexes(PEER_SETUP));
}

function peerListenerConfig(url: string): PollingListenerConfig {
  return {
    outboxOrInbox: "outbox",
    dbListenerConfig: { connectionString: url }, // pg.Pool default max 10 = POOL_SIZE
    dbHandlerConfig: { connectionString: url }, // pg.Pool default max 10 = POOL_SIZE
    settings: {
      dbSchema: PEER_SETUP.schema,
      dbTable: PEER_SETUP.table,
      nextMessagesFunctionSchema: PEER_SETUP.schema,
      nextMessagesFunctionName: PEER_SETUP.nextMessagesName,
      // Decision 0191: as many messages in flight as it has handler connections (a larger batch
      // queues messages past their 5 s lock, they are fetched twice and stall on NOWAIT conflicts);
      // the poll interval is ours, not its 500 ms default.
      nextMessagesBatchSize: PEER_IN_FLIGHT,
      nextMessagesPollingIntervalInMs: loadSettings({ NODE_ENV: "test" }).outboxRelayIntervalMs,
      // The README's outbox setting: no attempt bookkeeping transactions for a publisher.
      enableMaxAttemptsProtection: false,
      enablePoisonousMessageProtection: false,
    },
  };
}

/** Write side: a business INSERT and its outbox row committed together, WRITERS concurrent writers. */
async function writeSide(db: Db, pool: pg.Pool, url: string, writes: number): Promise<BenchResult[]> {
  const topic = `pin.bench.thing-created-${Date.now().toString(36)}.v1`;
  registerContract(topic, { type: "object" });
  const storeOutboxMessage = initializeMessageStorage(peerListenerConfig(url), getDisabledLogger());
  const clock = new ManualClock(new Date());

  // Ours as crm writes it (decisions 0046, 0500): one statement of data-modifying CTEs, the outbox
  // row hanging off the business insert, sent on the driver adapter's pg pool.
  const adapterPool = pgPoolOf(db);
  if (!adapterPool) throw new Error("the bench's client was not made by createPrismaClient");
  const oneStatement = (signal: CommitSignal) => {
    const id = randomUUID();
    const outbox = outboxInsert(
      [{ topic, key: id, aggregateType: "Thing", payload: { Id: id } }],
      clock,
      Prisma.sql`EXISTS (SELECT 1 FROM t)`,
      signal,
    );
    return Prisma.sql`WITH t AS (INSERT INTO bench.things (id, name) VALUES (${id}::uuid, 'x') RETURNING id) ${outbox.sql}`;
  };
  // The commit signal after commit, as crm's commands send it; the peer sends none (it polls).
  const oursStatement = async () => {
    const statement = oneStatement("after-commit");
    await adapterPool.query(statement.text, statement.values);
    signalOutboxAfterCommit(adapterPool);
  };
  // What crm sent before decision 0500: the same statement through Prisma's raw path, the commit
  // signal sent by the outbox's trigger inside the transaction.
  const oursPrisma = async () => {
    await db.$executeRaw(oneStatement("in-transaction"));
  };
  // Ours through an interactive transaction and enqueue() (a context's command that reads first).
  const oursInteractive = async () => {
    await db.$transaction(async (tx) => {
      const id = randomUUID();
      await tx.$executeRaw`INSERT INTO bench.things (id, name) VALUES (${id}::uuid, 'x')`;
      await enqueue(tx, { topic, key: id, aggregateType: "Thing", payload: { Id: id } }, clock);
    });
  };
  // The peer as its README writes it: BEGIN, the business insert, storeOutboxMessage, COMMIT.
  const peer = () =>
    inTransaction(pool, async (client) => {
      const id = randomUUID();
      await client.query("INSERT INTO bench.things (id, name) VALUES ($1, 'x')", [id]);
      await storeOutboxMessage(
        {
          id: randomUUID(),
          aggregateType: "Thing",
          aggregateId: id,
          messageType: "thing-created",
          segment: id,
          payload: { Id: id },
          createdAt: new Date().toISOString(),
        },
        client,
      );
    });
  const warm = Math.min(200, writes);
  for (const op of [oursStatement, oursPrisma, oursInteractive, peer]) await closedLoops(warm, op, WRITERS);
  const ours = await closedLoops(writes, oursStatement, WRITERS);
  const peerRun = await closedLoops(writes, peer, WRITERS);
  const viaPrisma = await closedLoops(writes, oursPrisma, WRITERS);
  const interactive = await closedLoops(writes, oursInteractive, WRITERS);
  await pool.query("TRUNCATE platform.outbox, bench.things, peer_outbox.outbox");
  const note = `${writes} transactions, ${WRITERS} concurrent writers, pools of ${POOL_SIZE}`;
  return [
    versus(
      "outbox write: business insert + outbox row, ours (crm's one-statement write on the adapter's pg pool) vs pg-transactional-outbox storeOutboxMessage",
      ours.perSecond,
      peerRun.perSecond,
      "tx/s",
      "rate",
      `${note}; p50 ours ${ours.p50.toFixed(1)} ms, peer ${peerRun.p50.toFixed(1)} ms`,
    ),
    versus(
      "outbox write: ours before decision 0500 (the same statement through Prisma's $executeRaw, the trigger's NOTIFY in the transaction) vs the peer",
      viaPrisma.perSecond,
      peerRun.perSecond,
      "tx/s",
      "rate",
      `${note}; p50 ours ${viaPrisma.p50.toFixed(1)} ms`,
    ),
    versus(
      "outbox write: ours through a Prisma interactive transaction + enqueue() vs the peer",
      interactive.perSecond,
      peerRun.perSecond,
      "tx/s",
      "rate",
      `${note}; p50 ours ${interactive.p50.toFixed(1)} ms`,
    ),
  ];
}

/** Fills both outboxes with the same `count` events over KEYS keys, in key-interleaved order. */
async function fillOutboxes(pool: pg.Pool, ourTopic: string, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
     SELECT m, $1, k, jsonb_build_object('Key', k, 'Seq', i),
            jsonb_build_object('messageId', m, 'eventType', 'item-changed', 'contractVersion', 1, 'aggregateId', k,
                               'aggregateType', 'Item', 'createdAt', now(), 'correlationId', m,
                               'causationId', NULL, 'traceparent', NULL),
            now()
       FROM (SELECT i, 'k' || (i % $3) AS k, gen_random_uuid() AS m FROM generate_series(1, $2::int) i) s
      ORDER BY i`,
    [ourTopic, count, KEYS],
  );
  await pool.query(
    `INSERT INTO peer_outbox.outbox (id, aggregate_type, aggregate_id, message_type, segment, concurrency, payload,
                                     metadata, created_at)
     SELECT m, 'Item', k, 'item-changed', k, 'sequential', jsonb_build_object('Key', k, 'Seq', i),
            jsonb_build_object('messageId', m, 'eventType', 'item-changed', 'contractVersion', 1, 'aggregateId', k,
                               'aggregateType', 'Item', 'createdAt', now(), 'correlationId', m,
                               'causationId', NULL, 'traceparent', NULL),
            now() + i * interval '1 microsecond'
       FROM (SELECT i, 'k' || (i % $2) AS k, gen_random_uuid() AS m FROM generate_series(1, $1::int) i) s`,
    [count, KEYS],
  );
  await pool.query("ANALYZE platform.outbox");
  await pool.query("ANALYZE peer_outbox.outbox");
}

/** The peer's relay: its polling listener with a kafkajs producer as the message publisher. */
async function peerRelay(url: string, producer: Producer, topic: string, pool: pg.Pool): Promise<number> {
  const unsent = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM peer_outbox.outbox WHERE processed_at IS NULL",
        )
      ).rows[0]?.n,
    );
  let shutdown: (() => Promise<void>) | null = null;
  const ms = await elapsed(async () => {
    [shutdown] = initializePollingMessageListener(
      peerListenerConfig(url),
      {
        handle: async (message: StoredTransactionalMessage) => {
          await producer.send({
            topic,
            acks: -1,
            messages: [
              {
                key: message.aggregateId,
                value: JSON.stringify(message.payload),
                headers: headersOf(message.metadata as unknown as EventMetadata),
              },
            ],
          });
        },
      },
      process.env.BENCH_PEERS_DEBUG ? getDefaultLogger("peer-outbox") : getDisabledLogger(),
      // Decision 0191: the default strategy polls one message at a time for the first
      // nextMessagesBatchSize polls (a poison-message warm-up); the full batch from the start here.
      { batchSizeStrategy: async () => PEER_IN_FLIGHT },
    );
    await waitUntil("the peer's outbox to drain", async () => {
      const left = await unsent();
      if (process.env.BENCH_PEERS_DEBUG) console.log(`peer outbox: ${left} unsent`);
      return left === 0;
    });
  });
  await (shutdown as (() => Promise<void>) | null)?.();
  return ms;
}

async function relaySide(
  db: Db,
  pool: pg.Pool,
  url: string,
  brokers: string[],
  events: number,
): Promise<BenchResult[]> {
  const id = Date.now().toString(36);
  const ourTopic = `pin.bench.peers-relay-${id}.v1`;
  const peerTopic = `pin.bench.peers-relay-peer-${id}.v1`;
  registerContract(ourTopic, { type: "object" });
  const kafka = new Kafka({ clientId: "bench-peers-outbox", brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await createTopicsWithLeaders(admin, [ourTopic, peerTopic], PARTITIONS);
  await admin.disconnect();
  await fillOutboxes(pool, ourTopic, events);

  const platform = createEventPlatform({
    settings: {
      ...loadSettings({ NODE_ENV: "test" }),
      kafkaBrokers: brokers.join(","),
      kafkaClient: BENCH_KAFKA_CLIENT,
      instanceId: `bench-${id}`,
    },
    db,
    log: createLogger({ level: "warn", pretty: false }),
    metrics: createMetricsRegistry(),
    clock: new ManualClock(new Date()),
    tuning: { topicPartitions: PARTITIONS, relayBatchSize: RELAY_BATCH },
  });
  const relay = platform.startRelay();
  const oursMs = await elapsed(async () => {
    await relay.start();
    await relay.whenCaughtUp?.();
  });
  await relay.stop();
  await platform.close();
  if (process.env.BENCH_PEERS_DEBUG) console.log(`ours relay ${oursMs.toFixed(0)} ms`);

  // Decision 0191: the peer's order comes from its segments (one message per key in flight), so its
  // producer may keep several requests in flight; ours needs maxInFlightRequests 1 for per-key order.
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  let peerMs: number;
  try {
    peerMs = await peerRelay(url, producer, peerTopic, pool);
  } finally {
    await producer.disconnect();
  }
  return [
    versus(
      "relay outbox → Kafka: ours (sharded relay) vs pg-transactional-outbox polling listener",
      perSecond(events, oursMs),
      perSecond(events, peerMs),
      "events/s",
      "rate",
      `${events} events over ${KEYS} keys, per-key order on both sides, ${PARTITIONS} partitions, acks=-1; ours ${(oursMs / 1000).toFixed(1)} s, peer ${(peerMs / 1000).toFixed(1)} s`,
    ),
  ];
}

export async function outboxVsPeer(
  db: Db,
  url: string,
  brokers: string[],
  sizes: OutboxPeerSizes = outboxPeerSizes(),
): Promise<BenchResult[]> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  try {
    await createTables(pool);
    return [
      ...(await writeSide(db, pool, url, sizes.writes)),
      ...(await relaySide(db, pool, url, brokers, sizes.relayEvents)),
    ];
  } finally {
    await pool.end();
  }
}
