import { randomUUID } from "node:crypto";
import { Kafka, logLevel } from "kafkajs";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { HEADER } from "../../../src/platform/events/envelope.js";

/**
 * What the brokers kept, read back whole after the run and compared with the outbox history:
 * every published outbox row is in its topic (none lost by a failover), and per key the first
 * copy of each message comes in outbox order (the order a consumer's dedup lets through; a
 * re-publish after a crash only repeats messages already seen). Copies beyond the first are
 * counted: they are what the consumers' dedup absorbs.
 */
export interface KafkaHistory {
  readonly records: number;
  readonly published: number;
  readonly lost: string[];
  readonly outOfOrder: string[];
  readonly copies: number;
}

const READ_TIMEOUT_MS = 120_000;

export async function compareKafkaWithOutbox(
  db: Db,
  brokers: string,
  topics: readonly string[],
): Promise<KafkaHistory> {
  const rows = await db.outboxMessage.findMany({
    where: { topic: { in: [...topics] }, publishedAt: { not: null } },
    select: { id: true, messageId: true, topic: true, key: true },
  });
  const outboxId = new Map(rows.map((r) => [r.messageId, r.id]));
  const kafka = new Kafka({
    clientId: "pin-faults-history",
    brokers: brokers.split(","),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  const remaining = new Map<string, bigint>();
  try {
    for (const topic of topics)
      for (const p of await admin.fetchTopicOffsets(topic))
        if (BigInt(p.high) > BigInt(p.low)) remaining.set(`${topic}/${p.partition}`, BigInt(p.high));
  } finally {
    await admin.disconnect();
  }
  const seen = new Set<string>();
  const lastOfKey = new Map<string, bigint>();
  const outOfOrder: string[] = [];
  let records = 0;
  let copies = 0;
  const consumer = kafka.consumer({ groupId: `pin-faults-history-${randomUUID()}`, maxWaitTimeInMs: 200 });
  await consumer.connect();
  try {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    if (remaining.size === 0) finish();
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await consumer.run({
      eachBatch: async ({ batch }) => {
        for (const m of batch.messages) {
          records++;
          const id = m.headers?.[HEADER.messageId]?.toString() ?? "";
          if (seen.has(id)) {
            copies++;
            continue;
          }
          seen.add(id);
          const at = outboxId.get(id);
          if (at === undefined) continue;
          const key = `${batch.topic}/${m.key?.toString() ?? ""}`;
          const last = lastOfKey.get(key);
          if (last !== undefined && at < last)
            outOfOrder.push(`${key}: outbox ${at} after ${last} (offset ${batch.partition}:${m.offset})`);
          else lastOfKey.set(key, at);
        }
        const slot = `${batch.topic}/${batch.partition}`;
        const high = remaining.get(slot);
        if (high !== undefined && BigInt(batch.lastOffset()) + 1n >= high) remaining.delete(slot);
        if (remaining.size === 0) finish();
      },
    });
    await Promise.race([
      finished,
      new Promise<void>((_, reject) =>
        setTimeout(
          () =>
            reject(
              new Error(
                `topics not read back within ${READ_TIMEOUT_MS} ms: ${[...remaining.keys()].join(" ")}`,
              ),
            ),
          READ_TIMEOUT_MS,
        ),
      ),
    ]);
  } finally {
    await consumer.disconnect().catch(() => {});
  }
  const lost = rows
    .filter((r) => !seen.has(r.messageId))
    .map((r) => `outbox ${r.id} ${r.topic} key ${r.key} not in Kafka`);
  return { records, published: rows.length, lost, outOfOrder, copies };
}
