import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Kafka, logLevel } from "kafkajs";
import {
  CATALOG_CHESSBOARD_SYNC_GROUP,
  catalogChessboardSyncConsumer,
} from "../../../src/consumers/catalog-chessboard-sync.consumer.js";
import { CHESSBOARD_AGGREGATE } from "../../../src/contracts/chessboard-events.js";
import type { CatalogSyncPayloadByTopic } from "../../../src/contracts/readers/catalog-chessboard-sync.readers.js";
import { createRewardsClient } from "../../../src/domain/catalog/rewards/rewards-commission.client.js";
import { type Clock, ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings, type Settings } from "../../../src/platform/config/settings.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import type { RawTx } from "../../../src/platform/db/raw-tx.js";
import type {
  AnyConsumerDefinition,
  BatchContext,
  BatchMessage,
  ConsumerDefinition,
} from "../../../src/platform/events/consumer/definition.js";
import { DUPLICATE, PARKED_BEHIND } from "../../../src/platform/events/consumer/stages/types.js";
import { registerContract } from "../../../src/platform/events/contracts/registry.js";
import { createEventPlatform, type Runner } from "../../../src/platform/events/event-platform.js";
import { enqueue } from "../../../src/platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry, type Registry } from "../../../src/platform/metrics/registry.js";
import { kafkaBrokers, uniqueTopic } from "../../support/services.js";

export const CHESSBOARD_SOURCE_TOPICS = [
  TOPIC.developerUpserted,
  TOPIC.projectUpserted,
  TOPIC.buildingUpserted,
  TOPIC.propertyObjectUpserted,
  TOPIC.propertyObjectStatusChanged,
  TOPIC.propertyObjectPriceChanged,
] as const;
export type SourceTopic = (typeof CHESSBOARD_SOURCE_TOPICS)[number];

const AGGREGATE_BY_TOPIC: Record<SourceTopic, string> = {
  [TOPIC.developerUpserted]: CHESSBOARD_AGGREGATE.developer,
  [TOPIC.projectUpserted]: CHESSBOARD_AGGREGATE.project,
  [TOPIC.buildingUpserted]: CHESSBOARD_AGGREGATE.building,
  [TOPIC.propertyObjectUpserted]: CHESSBOARD_AGGREGATE.propertyObject,
  [TOPIC.propertyObjectStatusChanged]: CHESSBOARD_AGGREGATE.propertyObject,
  [TOPIC.propertyObjectPriceChanged]: CHESSBOARD_AGGREGATE.propertyObject,
};

/** The real schema files, registered under each private topic name. */
function privateTopics(): Record<SourceTopic, string> {
  const out = {} as Record<SourceTopic, string>;
  for (const topic of CHESSBOARD_SOURCE_TOPICS) {
    const mine = uniqueTopic(`pin.test.catalog.${topic.split(".")[2]}`);
    const schema = JSON.parse(
      readFileSync(new URL(`../../../schema/events/${topic}.schema.json`, import.meta.url), "utf8"),
    ) as object;
    registerContract(mine, schema);
    out[topic] = mine;
  }
  return out;
}

/**
 * The real consumer definition moved onto private topics and a private group, so the suite runs
 * over the shared Kafka without meeting other suites' messages (the handlers, classification,
 * retry policy and contract rules are the production ones).
 */
export function onPrivateTopics(
  def: ConsumerDefinition<CatalogSyncPayloadByTopic, RawTx>,
  topics: Record<SourceTopic, string>,
  group: string,
): AnyConsumerDefinition {
  const sourceOf = new Map(Object.entries(topics).map(([source, mine]) => [mine, source]));
  const { handleBatch, lockBatch } = def;
  if (!handleBatch || !lockBatch) throw new Error("the catalog consumer is a batch consumer with lockBatch");
  const onSourceTopics = (messages: ReadonlyArray<BatchMessage<CatalogSyncPayloadByTopic>>) =>
    messages.map(
      (m) => ({ ...m, topic: sourceOf.get(m.topic) ?? m.topic }) as BatchMessage<CatalogSyncPayloadByTopic>,
    );
  // The group's reader contracts, each under its private topic (the gate looks them up by topic).
  const readers = Object.fromEntries(
    Object.entries(topics).map(([source, mine]) => {
      const contract = def.readers?.[source];
      if (!contract) throw new Error(`the catalog consumer declares no reader for ${source}`);
      return [mine, { ...contract, topic: mine }];
    }),
  );
  return {
    ...def,
    group,
    readers,
    topics: Object.values(topics),
    handleBatch: ((messages: ReadonlyArray<BatchMessage<CatalogSyncPayloadByTopic>>, ctx: BatchContext) =>
      handleBatch(onSourceTopics(messages), ctx)) as AnyConsumerDefinition["handleBatch"],
    lockBatch: ((messages: ReadonlyArray<BatchMessage<CatalogSyncPayloadByTopic>>, ctx: BatchContext) =>
      lockBatch(onSourceTopics(messages), ctx)) as AnyConsumerDefinition["lockBatch"],
  };
}

export const FAST_RETRIES_MS = [30, 30, 30, 30, 30, 30];
/**
 * The spec's schedule (30 s → 1 m → 2 m → 4 m → 8 m → 16 m) at 1/100 scale, ~19 s in all: for
 * suites that publish a whole history at once and must tolerate cross-topic arrival order
 * (building before its project) the way production does, even on a loaded CI host where one
 * topic's partitions can trail another's by seconds. FAST_RETRIES_MS (180 ms in all) is for the
 * tests that wait for a dead letter on purpose.
 */
export const SPEC_SHAPED_RETRIES_MS = [300, 600, 1_200, 2_400, 4_800, 9_600];

export interface CatalogRig {
  readonly topics: Record<SourceTopic, string>;
  readonly group: string;
  readonly metrics: Registry;
  readonly logs: Array<Record<string, unknown>>;
  readonly eventClock: ManualClock;
  readonly settings: Settings;
  publish(
    topic: SourceTopic,
    key: string,
    payload: object,
    options?: {
      messageId?: string;
      at?: string;
      /** runs in the enqueue transaction (e.g. to corrupt the outbox row as an old producer would) */
      tamper?: (tx: Parameters<Parameters<Db["$transaction"]>[0]>[0], messageId: string) => Promise<unknown>;
    },
  ): Promise<{ messageId: string }>;
  start(): Promise<void>;
  stop(): Promise<void>;
  restartConsumer(): Promise<void>;
  stopConsumer(): Promise<void>;
  startConsumer(): Promise<void>;
  /** messages the group finished (applied, skipped, duplicate or dead-lettered) */
  finished(): Promise<number>;
}

/** One platform (relay + the catalog consumer) on Kafka, a real clock for retries. */
export function createCatalogRig(
  db: Db,
  options: {
    rewardsUrl?: string | null;
    rewardsTimeoutMs?: number;
    transport?: "kafka" | "local";
    retryDelaysMs?: number[];
  } = {},
): CatalogRig {
  const topics = privateTopics();
  const group = `${CATALOG_CHESSBOARD_SYNC_GROUP}-test-${randomUUID().slice(0, 8)}`;
  const metrics = createMetricsRegistry();
  const { logger, entries } = createMemoryLogger();
  const clock: Clock = { now: () => new Date() };
  const eventClock = new ManualClock("2026-12-01T08:00:00.000Z");
  const base = loadSettings({ NODE_ENV: "test" });
  const settings: Settings = {
    ...base,
    kafkaBrokers: (options.transport ?? "kafka") === "kafka" ? kafkaBrokers().join(",") : null,
    instanceId: `test-${randomUUID().slice(0, 8)}`,
    outboxRelayIntervalMs: 20,
    catalogSyncRetryDelays: options.retryDelaysMs ?? FAST_RETRIES_MS,
    catalogRewardsUrl: options.rewardsUrl ?? null,
    catalogRewardsTimeoutMs: options.rewardsTimeoutMs ?? 500,
  };
  const platform = createEventPlatform({
    settings,
    db,
    log: logger,
    metrics,
    clock,
    tuning: { localPollMs: 20, parkedScanMs: 40, topicPartitions: 3 },
  });
  const rewards = createRewardsClient({
    baseUrl: settings.catalogRewardsUrl,
    timeoutMs: settings.catalogRewardsTimeoutMs,
  });
  const definition = onPrivateTopics(
    catalogChessboardSyncConsumer({ log: logger, clock, metrics, settings, rewards }),
    topics,
    group,
  );
  let relay: Runner | null = null;
  let consumer: Runner | null = null;

  return {
    topics,
    group,
    metrics,
    logs: entries,
    eventClock,
    settings,
    async publish(topic, key, payload, opts = {}) {
      if (opts.at) eventClock.set(opts.at);
      const metadata = await db.$transaction(async (tx) => {
        const m = await enqueue(
          tx,
          {
            topic: topics[topic],
            key,
            aggregateType: AGGREGATE_BY_TOPIC[topic],
            payload,
            ...(opts.messageId ? { messageId: opts.messageId } : {}),
          },
          eventClock,
        );
        await opts.tamper?.(tx, m.messageId);
        return m;
      });
      eventClock.advance(1000);
      return { messageId: metadata.messageId };
    },
    async start() {
      relay = platform.startRelay();
      consumer = platform.runConsumer(definition);
      await relay.start();
      await consumer.start();
    },
    async stopConsumer() {
      await consumer?.stop();
      consumer = null;
    },
    async startConsumer() {
      consumer = platform.runConsumer(definition);
      await consumer.start();
    },
    async finished() {
      // A message parked behind its key's head is counted as consumed ("parked-behind") and again
      // when its retry finishes: only final results count, or a fast topic's parked messages
      // make the group look finished while a slow topic still has messages to go. A second copy
      // of a message ("skipped-duplicate": a producer's retry after a leader change writes one,
      // as does a redelivery) is not a message more: counting it made the group look finished
      // while a partition whose leader was still being elected had not been read yet.
      const sum = async (name: string) => {
        const metric = metrics.getSingleMetric(name);
        if (!metric) return 0;
        const data = await metric.get();
        return data.values
          .filter(
            (v) =>
              v.labels.group === group && v.labels.result !== PARKED_BEHIND && v.labels.result !== DUPLICATE,
          )
          .reduce((a, v) => a + v.value, 0);
      };
      return (await sum("pin_consumer_consumed_total")) + (await sum("pin_consumer_dlq_total"));
    },
    async restartConsumer() {
      await consumer?.stop();
      consumer = platform.runConsumer(definition);
      await consumer.start();
    },
    async stop() {
      await consumer?.stop();
      await relay?.stop();
      await platform.close();
    },
  };
}

/** Messages of a topic as they sit on Kafka (key, value bytes, headers), read from the start. */
export async function readKafkaTopic(
  topic: string,
  done: (m: { key: string | null }) => boolean,
): Promise<Array<{ key: string | null; value: string; headers: Record<string, string>; offset: string }>> {
  const kafka = new Kafka({
    clientId: "catalog-test-reader",
    brokers: kafkaBrokers(),
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}` });
  const out: Array<{ key: string | null; value: string; headers: Record<string, string>; offset: string }> =
    [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ message }) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(message.headers ?? {})) headers[k] = String(v);
        out.push({
          key: message.key?.toString() ?? null,
          value: message.value?.toString("utf8") ?? "",
          headers,
          offset: message.offset,
        });
        if (done(out[out.length - 1] as { key: string | null })) resolve();
      },
    });
  });
  await consumer.disconnect();
  return out;
}

/** A stable hash of both card tables (wall-clock bookkeeping columns excluded, decision 0087). */
export async function cardsHash(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<Array<{ h: string }>>`
    SELECT md5(
      coalesce((SELECT string_agg(t::text, '|' ORDER BY t.id) FROM (
        SELECT id, developer_id, developer_name, developer_logo_file_id, status, source_status, kind,
               kind_mismatch_count, property_class, construction_status, region_id, region_name, city_id,
               city_name, cover_file_id, short_description, geo_latitude, geo_longitude, name, address, stars,
               delivery_date, readiness_percent, distance_minutes, source_name, source_address, source_stars,
               source_delivery_date, source_readiness_percent, source_distance_minutes, chessboard_version,
               min_price, max_price, property_objects_total, property_objects_available, published_at,
               chessboard_synced_at
        FROM catalog.project_cards) t), '') || '#' ||
      coalesce((SELECT string_agg(t::text, '|' ORDER BY t.id) FROM (
        SELECT id, project_id, building_id, developer_id, layout_id, layout_group_id, status,
               property_object_status, number, floor, rooms_count, area_total, area_living, view, property_type,
               type_name, title, price, price_per_meter, badge, stars, delivery_date, readiness_percent,
               distance_minutes, source_title, source_price, source_delivery_date, source_readiness_percent,
               chessboard_version, project_name, project_kind, region_id, region_name, city_id, city_name,
               address, developer_name, building_name, floors_total, agent_commission, published_at,
               chessboard_synced_at
        FROM catalog.property_object_cards) t), '')) AS h`;
  return row?.h ?? "";
}
