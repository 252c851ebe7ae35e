import {
  type Admin,
  type EachBatchPayload,
  type ISocketFactory,
  Kafka,
  type KafkaMessage,
  logLevel,
  Partitioners,
  type Producer,
} from "kafkajs";
import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import type { Registry } from "../../metrics/registry.js";
import { type ChunkOutcome, processInChunks } from "../consumer/batch-pipeline.js";
import { createConsumerCore } from "../consumer/consumer-core.js";
import type { AnyConsumerDefinition } from "../consumer/definition.js";
import { infrastructureDelayMs } from "../consumer/retry-policy.js";
import type { ContractRegistry } from "../contracts/registry.js";
import { HEADER } from "../envelope.js";
import type { BroadcastOptions, EventPlatformTuning, Runner } from "../transport/runner.js";
import type { Transport } from "../transport/transport.js";
import { type InboundMessage, parseEnvelope } from "../wire.js";
import { IncompleteSendError, unansweredPartitions, withPartitions } from "./complete-send.js";
import { createTopicsWithLeaders } from "./create-topics.js";
import { topicEnds } from "./topic-offsets.js";

const DEFAULT_PARTITIONS = 6;
const DEFAULT_PARKED_SCAN_MS = 500;
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;
const PARTITIONS_CONSUMED_CONCURRENTLY = 6;
const CAUGHT_UP_CHECK_MS = 50;
const PING_TIMEOUT_MS = 3_000;
/** A lower bound of one record size on the wire, to turn maxMessages into fetch minBytes */
const MIN_RECORD_BYTES = 64;
const HEARTBEAT_EVERY_MS = 2_000;
/**
 * Fetch sizes of a pipelined consumer (decision 0217): a partition's fetch holds a few batches
 * (≈ 3,000–4,000 booking events of ≈ 1 KiB), so the next batch can be prepared while one is
 * written; kafkajs' defaults (1 MiB a partition) hold less than one batch of 1,000.
 */
const PIPELINED_FETCH_BYTES_PER_PARTITION = 4 * 1024 * 1024;
const PIPELINED_FETCH_BYTES = PARTITIONS_CONSUMED_CONCURRENTLY * PIPELINED_FETCH_BYTES_PER_PARTITION;

export interface KafkaTransportDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  brokers: string[];
  instanceId: string;
  tuning?: EventPlatformTuning;
  contracts?: ContractRegistry;
}

function headerText(value: Buffer | string | Array<Buffer | string> | undefined): string | undefined {
  if (value === undefined) return undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

export function toInbound(topic: string, partition: number, message: KafkaMessage): InboundMessage {
  const headers: Record<string, string> = {};
  const raw = message.headers;
  // for…in, not Object.entries: no pair arrays per header of every message (hot path)
  if (raw)
    for (const name in raw) {
      const text = headerText(raw[name]);
      if (text !== undefined) headers[name] = text;
    }
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? "",
    value: message.value?.toString() ?? "",
    headers,
  };
}

/** Distributed mode: Kafka topics, consumer groups, offsets committed after the handler's commit. */
export function createKafkaTransport(deps: KafkaTransportDeps): Transport {
  const { log } = deps;
  const partitions = deps.tuning?.topicPartitions ?? DEFAULT_PARTITIONS;
  const kafkaLog = log.child({ component: "kafkajs" });

  function client(brokers: string[], clientId: string, socketFactory?: ISocketFactory): Kafka {
    return new Kafka({
      clientId,
      brokers,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      retry: { initialRetryTime: 300, retries: 3, maxRetryTime: 5_000 },
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log: entry }) => {
          const { message, ...rest } = entry;
          if (level <= logLevel.ERROR) kafkaLog.warn(rest, message);
          else kafkaLog.debug(rest, message);
        },
      ...(socketFactory ? { socketFactory } : {}),
    });
  }

  const kafka = client(deps.brokers, `pin-${deps.instanceId}`);
  let admin: Admin | null = null;
  let producer: Producer | null = null;
  const knownTopics = new Set<string>();

  async function getAdmin(): Promise<Admin> {
    if (!admin) {
      const a = kafka.admin();
      await a.connect();
      admin = a;
    }
    return admin;
  }

  /** Partitions of each topic the relay writes to, as the brokers have them */
  const partitionCounts = new Map<string, number>();
  async function knowPartitionCounts(topics: readonly string[]): Promise<void> {
    const unknown = topics.filter((t) => !partitionCounts.has(t));
    if (unknown.length === 0) return;
    const { topics: meta } = await (await getAdmin()).fetchTopicMetadata({ topics: unknown });
    for (const t of meta) if (t.partitions.length > 0) partitionCounts.set(t.name, t.partitions.length);
  }

  async function ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = topics.filter((t) => !knownTopics.has(t));
    if (missing.length === 0) return;
    const a = await getAdmin();
    await createTopicsWithLeaders(a, missing, partitions);
    for (const t of missing) knownTopics.add(t);
  }

  function newProducer(k: Kafka): Producer {
    // One request in flight keeps a key's messages in order even when the client retries.
    return k.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true,
    });
  }

  async function systemProducer(): Promise<Producer> {
    if (!producer) {
      const p = newProducer(kafka);
      await p.connect();
      producer = p;
    }
    return producer;
  }

  async function send(m: { topic: string; key: string; value: string; headers: Record<string, string> }) {
    await ensureTopics([m.topic]);
    const p = await systemProducer();
    await p.send({
      topic: m.topic,
      acks: -1,
      messages: [{ key: m.key, value: m.value, headers: m.headers }],
    });
  }

  function consumer(def: AnyConsumerDefinition): Runner {
    const {
      topics,
      policy,
      processor,
      scanner,
      batch: batching,
    } = createConsumerCore(def, {
      ...deps,
      send,
      parkedScanMs: deps.tuning?.parkedScanMs ?? DEFAULT_PARKED_SCAN_MS,
    });
    // The flush deadline is the broker's fetch wait: up to flushMs for about maxMessages records
    // (minBytes is a lower bound of their size), so a sink gets full batches (decision 0032).
    const kc = kafka.consumer({
      groupId: def.group,
      maxWaitTimeInMs: batching.flushMs,
      minBytes: def.batch?.flushMs === undefined ? 1 : batching.maxMessages * MIN_RECORD_BYTES,
      allowAutoTopicCreation: false,
      ...(processor.batchDepth > 1
        ? { maxBytesPerPartition: PIPELINED_FETCH_BYTES_PER_PARTITION, maxBytes: PIPELINED_FETCH_BYTES }
        : {}),
    });
    // Backoff state belongs to the partition holder: forgotten at every rebalance.
    const failures = new Map<string, number>();
    const resumeTimers = new Map<string, NodeJS.Timeout>();
    const clearBackoff = () => {
      for (const t of resumeTimers.values()) clearTimeout(t);
      resumeTimers.clear();
      failures.clear();
    };
    let running = false;

    // Through the batch's own commit: consumer.commitOffsets is silently dropped once stop() has
    // begun, which would hand every in-flight batch to the next holder again on each graceful stop.
    async function commit(
      commitBatch: EachBatchPayload["commitOffsetsIfNecessary"],
      topic: string,
      partition: number,
      offset: string,
    ) {
      const next = (BigInt(offset) + 1n).toString();
      await commitBatch({ topics: [{ topic, partitions: [{ partition, offset: next }] }] });
    }

    return {
      async start() {
        if (running) return;
        running = true;
        await ensureTopics(topics);
        await kc.connect();
        kc.on(kc.events.GROUP_JOIN, () => {
          clearBackoff();
          const paused = kc.paused();
          if (paused.length > 0) kc.resume(paused);
        });
        await kc.subscribe({ topics, fromBeginning: true });
        await kc.run({
          autoCommit: false,
          eachBatchAutoResolve: false,
          partitionsConsumedConcurrently: PARTITIONS_CONSUMED_CONCURRENTLY,
          eachBatch: async ({
            batch,
            resolveOffset,
            heartbeat,
            isRunning,
            isStale,
            pause,
            commitOffsetsIfNecessary,
          }) => {
            const { topic, partition } = batch;
            const tp = `${topic}:${partition}`;
            let lastDone: string | null = null;
            // Heartbeats while a long batch runs keep the membership (a failed one is left to
            // the batch's own end: a rebalance then redelivers, the dedup marks absorb it).
            const beat = setInterval(() => void heartbeat().catch(() => {}), HEARTBEAT_EVERY_MS);
            // The fetch in processor batches of maxMessages; a pipelined consumer prepares the next
            // while one is written (decision 0217). Offsets move one batch after the other here.
            const onOutcome = async ({ chunk, outcome }: ChunkOutcome): Promise<boolean> => {
              const first = chunk[0] as InboundMessage;
              if (outcome.kind === "infrastructure") {
                if (lastDone !== null)
                  await commit(commitOffsetsIfNecessary, topic, partition, lastDone).catch(() => {});
                const n = (failures.get(tp) ?? 0) + 1;
                failures.set(tp, n);
                const delay = infrastructureDelayMs(policy, n);
                log.warn(
                  { group: def.group, topic, partition, failures: n, delayMs: delay, err: outcome.error },
                  "partition paused after infrastructure failure",
                );
                // Never sleep in the handler: pause, rewind to the batch's first message, come back later.
                const resume = pause();
                kc.seek({ topic, partition, offset: first.offset });
                resumeTimers.set(
                  tp,
                  setTimeout(() => {
                    resumeTimers.delete(tp);
                    resume();
                  }, delay),
                );
                return false;
              }
              failures.delete(tp);
              if (outcome.results.length === 0) return false;
              deps.tuning?.faults?.afterConsumerCommit?.();
              const upTo = chunk[outcome.results.length - 1] as InboundMessage;
              resolveOffset(upTo.offset);
              lastDone = upTo.offset;
              // Offsets only after the batch's scope committed. A failed commit (partition revoked
              // mid-batch, broker gone) only means redelivery, which the dedup marks absorb.
              await commit(commitOffsetsIfNecessary, topic, partition, lastDone).catch((error: unknown) =>
                log.warn(
                  { group: def.group, topic, partition, err: error },
                  "offset commit failed; will redeliver",
                ),
              );
              if (outcome.results.length < chunk.length) return false;
              await heartbeat();
              return true;
            };
            try {
              await processInChunks(
                processor,
                batch.messages.map((m) => toInbound(topic, partition, m)),
                {
                  chunkSize: batching.maxMessages,
                  depth: processor.batchDepth,
                  heartbeat,
                  isRunning: () => isRunning() && !isStale(),
                  onOutcome,
                },
              );
            } finally {
              clearInterval(beat);
            }
          },
        });
        scanner.start();
      },
      async stop() {
        if (!running) return;
        running = false;
        clearBackoff();
        await scanner.stop();
        await kc.disconnect();
      },
      async whenCaughtUp() {
        const a = await getAdmin();
        for (;;) {
          let behind = false;
          const committed = await a.fetchOffsets({ groupId: def.group, topics });
          for (const topic of topics) {
            const high = await a.fetchTopicOffsets(topic);
            const mine = committed.find((c) => c.topic === topic)?.partitions ?? [];
            for (const p of high) {
              // Negative committed offsets are "none yet" / reset sentinels (-1, -2): start = low.
              const at = BigInt(mine.find((x) => x.partition === p.partition)?.offset ?? "-1");
              const done = at < BigInt(p.low) ? BigInt(p.low) : at;
              if (done < BigInt(p.high)) behind = true;
            }
          }
          if (!behind && (await scanner.dueCount()) === 0) return;
          await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
        }
      },
    };
  }

  function broadcast(opts: BroadcastOptions): Runner {
    const kc = kafka.consumer({
      groupId: `pin-broadcast-${opts.name}-${deps.instanceId}`,
      maxWaitTimeInMs: 100,
    });
    let running = false;
    return {
      async start() {
        if (running) return;
        running = true;
        await ensureTopics(opts.topics);
        // "Live from now" means from the moment start() is called: the high watermarks are taken
        // first and the consumer is sought to them once run() has joined the group, so an event
        // published while the group was being joined, or before the first fetch resolved
        // "latest", is not skipped.
        // Best effort: if the ends cannot be read, the consumer starts at "latest" as before.
        const admin = await getAdmin();
        const from = await Promise.all(
          opts.topics.map(async (topic) => ({ topic, partitions: await topicEnds(admin, topic) })),
        ).catch((error: unknown) => {
          log.warn({ broadcast: opts.name, err: error }, "broadcast: topic ends unknown, starting at latest");
          return [];
        });
        await kc.connect();
        await kc.subscribe({ topics: opts.topics, fromBeginning: false });
        await kc.run({
          eachMessage: async ({ topic, partition, message }) => {
            const parsed = parseEnvelope(toInbound(topic, partition, message));
            if (!parsed.ok) return;
            try {
              await opts.onEvent(parsed.envelope);
            } catch (error) {
              log.warn({ broadcast: opts.name, topic, err: error }, "broadcast listener failed");
            }
          },
        });
        for (const { topic, partitions } of from) {
          for (const p of partitions) kc.seek({ topic, partition: p.partition, offset: p.high });
        }
      },
      async stop() {
        if (!running) return;
        running = false;
        await kc.disconnect();
        // A broadcast group is per process: delete it so groups do not pile up on the broker.
        await (await getAdmin())
          .deleteGroups([`pin-broadcast-${opts.name}-${deps.instanceId}`])
          .catch(() => {});
      },
    };
  }

  return {
    kind: "kafka",
    async publisher(opts) {
      const k =
        opts?.brokers || deps.tuning?.relaySocketFactory
          ? client(
              opts?.brokers ?? deps.brokers,
              `pin-relay-${deps.instanceId}`,
              deps.tuning?.relaySocketFactory,
            )
          : kafka;
      const p = newProducer(k);
      await p.connect();
      return {
        async publish(messages) {
          const byTopic = new Map<
            string,
            Array<{ key: string; value: string; headers: Record<string, string>; timestamp?: string }>
          >();
          for (const m of messages) {
            const list = byTopic.get(m.topic) ?? [];
            // The record timestamp is the event's occurrence time, as its created-at header (decision 0048).
            const occurred = Date.parse(m.headers[HEADER.createdAt] ?? "");
            const timestamp = Number.isFinite(occurred) ? String(occurred) : undefined;
            list.push({
              key: m.key,
              value: m.value,
              headers: m.headers,
              ...(timestamp ? { timestamp } : {}),
            });
            byTopic.set(m.topic, list);
          }
          const topics = [...byTopic.keys()];
          await ensureTopics(topics);
          await knowPartitionCounts(topics);
          // Explicit partitions, then every partition checked answered: kafkajs #1303 (complete-send.ts).
          const topicMessages = withPartitions(
            [...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })),
            (topic) => partitionCounts.get(topic) ?? partitions,
          );
          const answers = await p.sendBatch({ acks: -1, topicMessages });
          const unanswered = unansweredPartitions(topicMessages, answers);
          if (unanswered.length > 0) throw new IncompleteSendError(unanswered);
        },
        close: () => p.disconnect(),
      };
    },
    consumer,
    broadcast,
    send,
    async ping() {
      try {
        const a = await getAdmin();
        await Promise.race([
          a.describeCluster(),
          new Promise((_, reject) => setTimeout(() => reject(new Error("ping timeout")), PING_TIMEOUT_MS)),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await producer?.disconnect().catch(() => {});
      await admin?.disconnect().catch(() => {});
      producer = null;
      admin = null;
    },
  };
}
