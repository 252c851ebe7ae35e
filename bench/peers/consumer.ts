// The consumer runtime (src/platform/events, batched, on kafkajs) vs a @platformatic/kafka consumer
// doing the same batched upsert, and the bare kafkajs eachBatch loop of bench/events as the third
// column: the two bare loops side by side say whether the Kafka client itself is worth changing.

import { Consumer, type Message } from "@platformatic/kafka";
import { Kafka, logLevel } from "kafkajs";
import type { Db } from "../../src/platform/db/prisma-client.js";
import { registerContract } from "../../src/platform/events/contracts/registry.js";
import {
  type Item,
  produceItems,
  SCHEMA,
  timeBareEachBatch,
  timeVariant,
  upsertMany,
} from "../events/index.js";
import type { BenchResult } from "../types.js";
import { perSecond, size, versus } from "./measure.js";

/** The runtime's batch (PIN_CONSUMER_BATCH_SIZE default) and flush wait, given to the peer too. */
const BATCH = 500;
const MAX_WAIT_MS = 100;

/**
 * @platformatic/kafka: a stream of messages, gathered into batches of up to BATCH (a batch closes
 * when it is full or when the stream has nothing more buffered), one set-based upsert per batch,
 * then the last offset of each partition in the batch committed.
 */
export async function timePlatformatic(
  db: Db,
  brokers: string[],
  topic: string,
  count: number,
): Promise<number> {
  const consumer = new Consumer({
    groupId: `pin-bench-platformatic-${Date.now()}`,
    clientId: "pin-bench-platformatic",
    bootstrapBrokers: brokers,
    autocommit: false,
    maxWaitTime: MAX_WAIT_MS,
  });
  let firstAt = 0;
  let seen = 0;
  try {
    const stream = await consumer.consume({ topics: [topic], mode: "earliest", autocommit: false });
    let batch: Message[] = [];
    const flush = async () => {
      const messages = batch;
      batch = [];
      await upsertMany(
        db,
        messages.map((m) => JSON.parse(m.value.toString()) as Item),
      );
      const lastPerPartition = new Map<number, Message>();
      for (const m of messages) lastPerPartition.set(m.partition, m);
      await Promise.all([...lastPerPartition.values()].map((m) => m.commit()));
      seen += messages.length;
    };
    for await (const message of stream as AsyncIterable<Message>) {
      if (!firstAt) firstAt = performance.now();
      batch.push(message);
      if (batch.length >= BATCH || stream.readableLength === 0) await flush();
      if (seen >= count) break;
    }
    const ms = performance.now() - firstAt;
    await stream.close();
    return ms;
  } finally {
    await consumer.close(true);
  }
}

export async function consumerVsPeer(
  db: Db,
  brokers: string[],
  count = size("CONSUME_EVENTS", 20_000),
): Promise<BenchResult[]> {
  await db.$executeRaw`CREATE SCHEMA IF NOT EXISTS bench`;
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS bench.items (key TEXT PRIMARY KEY, seq INTEGER NOT NULL)`;
  const kafka = new Kafka({ clientId: "bench-peers-consume", brokers, logLevel: logLevel.NOTHING });
  const topic = `pin.bench.peers-item-${Date.now().toString(36)}.v1`;
  registerContract(topic, SCHEMA);
  await produceItems(kafka, topic, count);
  const runs = {
    ours: [] as number[],
    oursPg: [] as number[],
    oursUnmarked: [] as number[],
    platformatic: [] as number[],
    kafkajs: [] as number[],
    kafkajsPg: [] as number[],
    kafkajsPgMark: [] as number[],
  };
  // Interleaved twice, so a load swing on the shared host hits all alike; best of two each.
  for (let round = 0; round < 2; round++) {
    runs.ours.push(perSecond(count, await timeVariant(db, brokers, topic, "batch handler", count)));
    runs.kafkajs.push(perSecond(count, await timeBareEachBatch(kafka, db, topic, count)));
    runs.oursPg.push(
      perSecond(count, await timeVariant(db, brokers, topic, "batch handler, pg scope", count)),
    );
    runs.kafkajsPg.push(perSecond(count, await timeBareEachBatch(kafka, db, topic, count, "pg")));
    runs.oursUnmarked.push(
      perSecond(count, await timeVariant(db, brokers, topic, "batch handler, pg scope, no marks", count)),
    );
    runs.kafkajsPgMark.push(perSecond(count, await timeBareEachBatch(kafka, db, topic, count, "pg+mark")));
    await db.$executeRaw`TRUNCATE bench.items`;
    runs.platformatic.push(perSecond(count, await timePlatformatic(db, brokers, topic, count)));
  }
  const best = (values: number[]) => Math.max(...values);
  const rounds = (values: number[]) => values.map((v) => v.toFixed(0)).join("/");
  const note = `${count} events, 6 partitions, 200 keys, batches of ${BATCH}; best of 2 interleaved rounds (ours ${rounds(runs.ours)}, ours pgScope ${rounds(runs.oursPg)}, ours pgScope unmarked ${rounds(runs.oursUnmarked)}, platformatic ${rounds(runs.platformatic)}, kafkajs ${rounds(runs.kafkajs)}, kafkajs pg ${rounds(runs.kafkajsPg)}, kafkajs pg + dedup mark ${rounds(runs.kafkajsPgMark)})`;
  return [
    versus(
      "consume + batched upsert on the pg pool, no dedup mark: our runtime on pgScope({ marks: false }) (idempotent handler, decision 0540) vs bare kafkajs eachBatch",
      best(runs.oursUnmarked),
      best(runs.kafkajsPg),
      "events/s",
      "rate",
      note,
    ),
    versus(
      "consume + dedup mark + batched upsert on the pg pool: our runtime on pgScope vs bare kafkajs eachBatch with the runtime's own dedup-mark statement in the same transaction (decision 0538)",
      best(runs.oursPg),
      best(runs.kafkajsPgMark),
      "events/s",
      "rate",
      note,
    ),
    versus(
      "the per-message dedup mark alone: bare kafkajs eachBatch with the mark vs without (the guarantee's own cost)",
      best(runs.kafkajsPgMark),
      best(runs.kafkajsPg),
      "events/s",
      "rate",
      note,
    ),
    versus(
      "consume + batched upsert on the pg pool: our runtime on pgScope (dedup, parking, metrics, offsets after commit) vs bare kafkajs eachBatch",
      best(runs.oursPg),
      best(runs.kafkajsPg),
      "events/s",
      "rate",
      note,
    ),
    versus(
      "consume + batched upsert through Prisma: our runtime on postgresScope vs bare kafkajs eachBatch",
      best(runs.ours),
      best(runs.kafkajs),
      "events/s",
      "rate",
      note,
    ),
    versus(
      "consume + batched upsert: our runtime (dedup, parking, metrics, offsets after commit) vs @platformatic/kafka bare loop",
      best(runs.ours),
      best(runs.platformatic),
      "events/s",
      "rate",
      note,
    ),
    versus(
      "Kafka client alone: bare kafkajs eachBatch vs bare @platformatic/kafka stream, same upsert",
      best(runs.kafkajs),
      best(runs.platformatic),
      "events/s",
      "rate",
      note,
    ),
  ];
}
