import { HEADER } from "../../envelope.js";
import { IncompleteSendError, withPartitions } from "../../kafka/complete-send.js";
import { reportSecurityFaults } from "../../kafka-security-faults.js";
import type { OutboundMessage, Publisher } from "../transport.js";
import { type Connection, ensureTopics, partitionCountOf } from "./1-connect.js";
import type { TransportContext } from "./context.js";
import type { PlacedMessage, ProducerPort } from "./port.js";

type Unplaced = Omit<PlacedMessage, "partition">;

/**
 * Stage 7: publish with complete-send. Messages are grouped by wire topic, each placed on the
 * partition the kafkajs default partitioner gives its key over the topic's partition count (the
 * same partition on both clients), written with acks=all, and every partition written to must
 * have answered: a missing one fails the publish (kafkajs #1303, complete-send.ts), and the relay
 * sends the whole batch again (what was written twice is absorbed by the consumers' dedup).
 */
export async function produceComplete(
  c: Connection,
  producer: ProducerPort,
  messages: ReadonlyArray<{ topic: string } & Unplaced>,
): Promise<void> {
  const byTopic = new Map<string, Unplaced[]>();
  for (const m of messages) {
    const wire = c.names.topic(m.topic);
    const list = byTopic.get(wire) ?? [];
    list.push({
      key: m.key,
      value: m.value,
      headers: m.headers,
      ...(m.timestamp ? { timestamp: m.timestamp } : {}),
    });
    byTopic.set(wire, list);
  }
  const topics = [...byTopic.keys()];
  await ensureTopics(c, topics);
  const counts = new Map<string, number>();
  for (const t of topics) counts.set(t, await partitionCountOf(c, t));
  const placed = withPartitions(
    [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
    (topic) => counts.get(topic) ?? c.partitions,
  );
  const answered = new Set(await producer.send(placed));
  c.broker.connected = true;
  const missing = new Set<string>();
  for (const { topic, messages: list } of placed)
    for (const m of list) {
      const slot = `${topic}[${m.partition}]`;
      if (!answered.has(slot)) missing.add(slot);
    }
  if (missing.size > 0) throw new IncompleteSendError([...missing]);
}

/** The record timestamp is the event's occurrence time, its created-at header (decision 0048). */
function timestamped(m: OutboundMessage): { topic: string } & Unplaced {
  const occurred = Date.parse(m.headers[HEADER.createdAt] ?? "");
  return {
    topic: m.topic,
    key: m.key,
    value: m.value,
    headers: m.headers,
    ...(Number.isFinite(occurred) ? { timestamp: String(occurred) } : {}),
  };
}

/**
 * The relay's publisher. Its producer is made at the first publish, not here: the relay starts
 * while the broker is away and its batches fail (and back off) until it is there (issue #21).
 * Security faults are reported once for the transport and rethrown as ReportedKafkaFault.
 */
export function relayPublisher(
  ctx: TransportContext,
  opts?: { brokers?: string[] },
): Publisher & { close(): Promise<void> } {
  const c = ctx.connection;
  let producer: ProducerPort | null = null;
  return reportSecurityFaults(c.broker.security, c.port.classify, {
    async publish(messages) {
      producer ??= c.port.producer({ relay: true, ...(opts?.brokers ? { brokers: opts.brokers } : {}) });
      await produceComplete(c, producer, messages.map(timestamped));
    },
    close: async () => {
      await producer?.close().catch(() => {});
      producer = null;
    },
  });
}
