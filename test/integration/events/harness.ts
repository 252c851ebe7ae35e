import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { type KafkaClientName, loadSettings, type Settings } from "../../../src/platform/config/settings.js";
import type { Db, Tx } from "../../../src/platform/db/prisma-client.js";
import {
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from "../../../src/platform/errors/domain-error.js";
import {
  type AnyConsumerDefinition,
  ConcurrencyConflictError,
  defineConsumer,
} from "../../../src/platform/events/consumer/definition.js";
import { registerContract } from "../../../src/platform/events/contracts/registry.js";
import {
  createEventPlatform,
  type EventPlatform,
  type EventPlatformTuning,
  type Runner,
} from "../../../src/platform/events/event-platform.js";
import { outboxInsert } from "../../../src/platform/events/outbox/enqueue.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry, type Registry } from "../../../src/platform/metrics/registry.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { kafkaBrokers, uniqueTopic } from "../../support/services.js";

export type TransportName = "kafka" | "local";

/**
 * The Kafka client library the "kafka" transport runs on in these suites: PIN_KAFKA_CLIENT as the
 * product reads it (kafkajs when unset). CI runs the transport-contract, rebalance and
 * crash-recovery suites a second time with PIN_KAFKA_CLIENT=platformatic (decision 0430).
 */
export const KAFKA_CLIENT: KafkaClientName = loadSettings({
  NODE_ENV: "test",
  PIN_KAFKA_CLIENT: process.env.PIN_KAFKA_CLIENT,
}).kafkaClient;

/** The payload contract of the test topics (registered programmatically per topic). */
export const ITEM_SCHEMA = {
  type: "object",
  required: ["Key", "Seq"],
  properties: {
    Key: { type: "string", minLength: 1 },
    Seq: { type: "integer", minimum: 0 },
    Fail: { enum: ["none", "retriable", "non-retriable", "infrastructure", "conflict", "skip"] },
  },
  additionalProperties: false,
} as const;

export interface ItemPayload {
  Key: string;
  Seq: number;
  Fail?: "none" | "retriable" | "non-retriable" | "infrastructure" | "conflict" | "skip";
}

export function itemTopic(prefix = "pin.test.item-changed"): string {
  const topic = uniqueTopic(prefix);
  registerContract(topic, ITEM_SCHEMA);
  return topic;
}

export function testSettings(transport: TransportName, overrides: Partial<Settings> = {}): Settings {
  const base = loadSettings({ NODE_ENV: "test" });
  return {
    ...base,
    kafkaBrokers: transport === "kafka" ? kafkaBrokers().join(",") : null,
    kafkaClient: KAFKA_CLIENT,
    instanceId: `test-${randomUUID().slice(0, 8)}`,
    outboxRelayIntervalMs: 20,
    ...overrides,
  };
}

export interface PlatformUnderTest {
  platform: EventPlatform;
  clock: ManualClock;
  metrics: Registry;
  logs: Array<Record<string, unknown>>;
  settings: Settings;
}

export function platformFor(
  transport: TransportName,
  db: Db,
  options: { clock?: ManualClock; settings?: Partial<Settings>; tuning?: EventPlatformTuning } = {},
): PlatformUnderTest {
  const clock = options.clock ?? new ManualClock(new Date());
  const metrics = createMetricsRegistry();
  const { logger, entries } = createMemoryLogger();
  const settings = testSettings(transport, options.settings);
  const platform = createEventPlatform({
    settings,
    db,
    log: logger,
    metrics,
    clock,
    tuning: { localPollMs: 20, parkedScanMs: 50, topicPartitions: 3, ...options.tuning },
  });
  return { platform, clock, metrics, logs: entries, settings };
}

/** Business table the test handlers write, in a schema of its own. */
export async function createItemsTable(db: Db): Promise<void> {
  await db.$executeRaw`CREATE SCHEMA IF NOT EXISTS evtest`;
  await db.$executeRaw`
    CREATE TABLE IF NOT EXISTS evtest.items (
      key TEXT PRIMARY KEY, last_seq INTEGER NOT NULL, seqs INTEGER[] NOT NULL, applied INTEGER NOT NULL)`;
}

export async function enqueueItems(
  db: Db,
  topic: string,
  items: ItemPayload[],
  clock: ManualClock,
): Promise<void> {
  // One INSERT for the lot (the writers' batch form, outboxInsert): the rows' ids follow the list.
  if (items.length === 0) return;
  const { sql } = outboxInsert(
    items.map((item) => ({ topic, key: item.Key, aggregateType: "TestItem", payload: item })),
    clock,
  );
  await db.$executeRaw(sql);
}

export async function readItems(
  db: Db,
): Promise<Map<string, { lastSeq: number; seqs: number[]; applied: number }>> {
  const rows = await db.$queryRaw<Array<{ key: string; last_seq: number; seqs: number[]; applied: number }>>`
    SELECT key, last_seq, seqs, applied FROM evtest.items ORDER BY key`;
  return new Map(rows.map((r) => [r.key, { lastSeq: r.last_seq, seqs: r.seqs, applied: r.applied }]));
}

export async function metricValue(
  metrics: Registry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const metric = metrics.getSingleMetric(name);
  if (!metric) return 0;
  const data = await metric.get();
  return data.values
    .filter((v) => Object.entries(labels).every(([k, val]) => String(v.labels[k]) === val))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Handler state the tests steer: which keys fail, and how. */
export interface Faults {
  retriableKeys: Set<string>;
  infrastructureFailuresLeft: number;
  /** optimistic-lock conflicts thrown by messages with Fail = "conflict" before they succeed */
  conflictsLeft?: number;
}

/** The two handler shapes every contract test runs with. */
export type HandlerShape = "message" | "batch";
export const HANDLER_SHAPES: HandlerShape[] = ["message", "batch"];

type ItemMap = Record<string, ItemPayload>;

/** Throws what the test asked this item to throw (the same for both handler shapes). */
function failureOf(payload: ItemPayload, faults: Faults): void {
  if (payload.Fail === "non-retriable") throw new ValidationError("TEST_ITEM_INVALID", "poison");
  if (payload.Fail === "skip") throw new IllegalStateError("TEST_ITEM_GAP", "tolerated gap");
  if (payload.Fail === "conflict" && (faults.conflictsLeft ?? 0) > 0) {
    faults.conflictsLeft = (faults.conflictsLeft ?? 0) - 1;
    throw new ConcurrencyConflictError("lost the version race");
  }
  if (faults.retriableKeys.has(payload.Key)) throw new NotFoundError("TEST_ITEM_NOT_FOUND", "not yet");
  if (payload.Fail === "infrastructure" && faults.infrastructureFailuresLeft > 0) {
    faults.infrastructureFailuresLeft -= 1;
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  }
}

async function applyItem(tx: Tx, payload: ItemPayload): Promise<"applied" | "skipped-stale"> {
  const rows = await tx.$queryRaw<Array<{ last_seq: number }>>`
    SELECT last_seq FROM evtest.items WHERE key = ${payload.Key} FOR UPDATE`;
  const current = rows[0];
  if (current && current.last_seq >= payload.Seq) return "skipped-stale";
  await tx.$executeRaw`
    INSERT INTO evtest.items (key, last_seq, seqs, applied) VALUES (${payload.Key}, ${payload.Seq}, ARRAY[${payload.Seq}]::int[], 1)
    ON CONFLICT (key) DO UPDATE SET last_seq = EXCLUDED.last_seq,
      seqs = evtest.items.seqs || EXCLUDED.seqs, applied = evtest.items.applied + 1`;
  return "applied";
}

export function itemsConsumer(
  group: string,
  topic: string,
  faults: Faults,
  shape: HandlerShape = "message",
): AnyConsumerDefinition {
  const common = {
    group,
    expectedContractVersion: 1,
    policy: {
      retry: { infrastructureMinMs: 20, infrastructureMaxMs: 200 },
      classifyError: (e: unknown) =>
        e instanceof IllegalStateError && e.code === "TEST_ITEM_GAP" ? ("skip" as const) : undefined,
    },
  };
  if (shape === "batch") {
    // A batch handler: any failing item fails the whole call (the runtime bisects to it).
    return defineConsumer<ItemMap>({
      ...common,
      topics: [topic],
      async handleBatch(messages, { tx }) {
        for (const m of messages) failureOf(m.payload, faults);
        const results: Array<"applied" | "skipped-stale"> = [];
        for (const m of messages) results.push(await applyItem(tx, m.payload));
        return results;
      },
    }) as AnyConsumerDefinition;
  }
  return defineConsumer<ItemMap>({
    ...common,
    handlers: {
      [topic]: async (payload, { tx }) => {
        failureOf(payload, faults);
        return applyItem(tx, payload);
      },
    },
  }) as AnyConsumerDefinition;
}

export const noFaults = (): Faults => ({ retriableKeys: new Set(), infrastructureFailuresLeft: 0 });

/**
 * The per-suite fixture of the item tests: a migrated database with the items table, platforms
 * made with `put`, runners started with `started`; after each test every runner stops (newest
 * first), every platform closes and the items table is emptied. Call inside a describe block.
 */
export function itemsSuite(transport: TransportName, databasePrefix: string) {
  let database: MigratedDatabase | undefined;
  const running: Runner[] = [];
  const platforms: PlatformUnderTest[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase(databasePrefix);
    await createItemsTable(database.prisma);
  });
  afterEach(async () => {
    for (const r of running.splice(0).reverse()) await r.stop();
    for (const p of platforms.splice(0)) await p.platform.close();
    if (database) await database.prisma.$executeRaw`TRUNCATE evtest.items`;
  });
  afterAll(async () => database?.drop());

  const db = (): MigratedDatabase => {
    if (!database) throw new Error("itemsSuite: the database exists only inside tests");
    return database;
  };
  return {
    get db(): MigratedDatabase {
      return db();
    },
    put(options: Parameters<typeof platformFor>[2] = {}): PlatformUnderTest {
      const p = platformFor(transport, db().prisma, options);
      platforms.push(p);
      return p;
    },
    async started<R extends Runner>(runner: R): Promise<R> {
      running.push(runner);
      await runner.start();
      return runner;
    },
  };
}
