import {
  type Admin,
  type Consumer,
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
import { ConfigError } from "../../config/settings.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import type { Registry } from "../../metrics/registry.js";
import { retryUntilReady } from "../../startup/retry-until-ready.js";
import type { CommitSignals } from "../commit-signals.js";
import { type ChunkOutcome, processInChunks } from "../consumer/batch-pipeline.js";
import { createConsumerCore } from "../consumer/consumer-core.js";
import type { AnyConsumerDefinition } from "../consumer/definition.js";
import { infrastructureDelayMs } from "../consumer/retry-policy.js";
import type { ContractRegistry } from "../contracts/registry.js";
import { HEADER } from "../envelope.js";
import { type KafkaSecurity, PLAINTEXT } from "../kafka-security.js";
import { createSecurityFaults, reportSecurityFaults } from "../kafka-security-faults.js";
import type { BroadcastOptions, EventPlatformTuning, Runner } from "../transport/runner.js";
import type { Transport } from "../transport/transport.js";
import { type InboundMessage, parseEnvelope } from "../wire.js";
import { CommitStalledError, watchCommits } from "./commit-watch.js";
import { IncompleteSendError, unansweredPartitions, withPartitions } from "./complete-send.js";
import { createTopicsWithLeaders } from "./create-topics.js";
import { broadcastGroupId, groupTimeouts, newBootId } from "./group-membership.js";
import { classifyKafkaError, isSecurityLogEntry } from "./kafka-errors.js";
import { kafkaNames } from "./kafka-names.js";
import { kafkajsSecurity } from "./kafkajs-security.js";
import { lazyHeaders } from "./lazy-headers.js";
import { NEVER_RESTART_BY_ITSELF, superviseConsumer } from "./supervised-consumer.js";
import { topicEnds } from "./topic-offsets.js";

const DEFAULT_PARTITIONS = 6;
const DEFAULT_PARKED_SCAN_MS = 500;
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;
const PARTITIONS_CONSUMED_CONCURRENTLY = 6;
const CAUGHT_UP_CHECK_MS = 50;
/** How long whenCaughtUp tolerates failing offset reads (a broker briefly without metadata) before it throws */
const CAUGHT_UP_ERROR_GRACE_MS = 15_000;
/** Below /readyz's own 3 s limit per check */
const PING_TIMEOUT_MS = 2_000;
/** A lower bound of one record size on the wire, to turn maxMessages into fetch minBytes */
const MIN_RECORD_BYTES = 64;
const HEARTBEAT_EVERY_MS = 2_000;
/** A done offset uncommitted this long with no rejoin: the consumer is replaced (decision 0370) */
const COMMIT_STALL_MS = 15_000;
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
  /** TLS and SASL of every client (issue #41); absent → plaintext */
  security?: KafkaSecurity;
  /** `pin_parked` wake-ups of the parked scanners (decision 0613) */
  signals?: CommitSignals;
}

/** A fetched record as the runtime's message; its headers are decoded when read (lazy-headers). */
export function toInbound(topic: string, partition: number, message: KafkaMessage): InboundMessage {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? "",
    value: message.value?.toString() ?? "",
    headers: lazyHeaders(message.headers),
  };
}

/** Distributed mode: Kafka topics, consumer groups, offsets committed after the handler's commit. */
export function createKafkaTransport(deps: KafkaTransportDeps): Transport {
  const { log } = deps;
  const partitions = deps.tuning?.topicPartitions ?? DEFAULT_PARTITIONS;
  const kafkaLog = log.child({ component: "kafkajs" });
  // Broker names (decision 0410): the spec's names, suffixed by PIN_KAFKA_NAMESPACE when set. Below,
  // `wire*` are names on the broker; handlers and the consumer core see the spec's.
  const names = kafkaNames(deps.settings.kafkaNamespace);
  const timeouts = groupTimeouts(deps.settings.kafkaSessionTimeoutMs);
  const groupTimeoutOptions = {
    sessionTimeout: timeouts.sessionTimeoutMs,
    heartbeatInterval: timeouts.heartbeatMs,
    rebalanceTimeout: timeouts.rebalanceTimeoutMs,
  };
  const bootId = newBootId();
  // A consumer the broker stops confirming as a member is replaced (decision 0533).
  const membership = { silentMs: timeouts.rebalanceTimeoutMs + 2 * timeouts.sessionTimeoutMs };

  const securityOptions = kafkajsSecurity(deps.security ?? PLAINTEXT);
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
          // A security fault is reported once by the transport (kafka-security-faults.ts): the
          // client's own lines about it, at every retry, stay at debug level.
          if (level <= logLevel.ERROR && !isSecurityLogEntry(message, rest)) kafkaLog.warn(rest, message);
          else kafkaLog.debug(rest, message);
        },
      ...(socketFactory ? { socketFactory } : {}),
      ...securityOptions,
    });
  }

  const kafka = client(deps.brokers, `pin-${deps.instanceId}`);
  let admin: Admin | null = null;
  let producer: Producer | null = null;
  const knownTopics = new Set<string>();

  /** Whether this process ever reached a broker: before that, a configuration error is fatal. */
  const broker = { connected: false, security: createSecurityFaults(log) };

  /** One admin for the process; concurrent callers while it connects share the attempt. */
  let adminConnecting: Promise<Admin> | null = null;
  function getAdmin(): Promise<Admin> {
    if (admin) return Promise.resolve(admin);
    adminConnecting ??= (async () => {
      const a = kafka.admin();
      try {
        await a.connect();
        admin = a;
        return a;
      } catch (error) {
        await a.disconnect().catch(() => {});
        throw error;
      } finally {
        adminConnecting = null;
      }
    })();
    return adminConnecting;
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

  /** A connected producer of `k`; a failed connect leaves nothing open behind it. */
  async function connectedProducer(k: Kafka): Promise<Producer> {
    const p = newProducer(k);
    try {
      await p.connect();
    } catch (error) {
      await p.disconnect().catch(() => {});
      throw error;
    }
    broker.connected = true;
    return p;
  }

  async function systemProducer(): Promise<Producer> {
    producer ??= await connectedProducer(kafka);
    return producer;
  }

  async function send(m: { topic: string; key: string; value: string; headers: Record<string, string> }) {
    const wireTopic = names.topic(m.topic);
    await ensureTopics([wireTopic]);
    const p = await systemProducer();
    await p.send({
      topic: wireTopic,
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
    const wireTopics = topics.map(names.topic);
    const wireGroup = names.group(def.group);
    // The flush deadline is the broker's fetch wait: up to flushMs for about maxMessages records
    // (minBytes is a lower bound of their size), so a sink gets full batches (decision 0032).
    const newConsumer = () =>
      kafka.consumer({
        groupId: wireGroup,
        ...groupTimeoutOptions,
        maxWaitTimeInMs: batching.flushMs,
        minBytes: def.batch?.flushMs === undefined ? 1 : batching.maxMessages * MIN_RECORD_BYTES,
        allowAutoTopicCreation: false,
        retry: NEVER_RESTART_BY_ITSELF,
        ...(processor.batchDepth > 1
          ? { maxBytesPerPartition: PIPELINED_FETCH_BYTES_PER_PARTITION, maxBytes: PIPELINED_FETCH_BYTES }
          : {}),
      });
    // Backoff state belongs to the partition holder: forgotten at every rebalance.
    const failures = new Map<string, number>();
    const resumeTimers = new Map<string, NodeJS.Timeout>();
    // Commits that keep failing with no rejoin: kafkajs' offset manager holds a stale coordinator.
    const commits = watchCommits({
      stallMs: COMMIT_STALL_MS,
      onStall: (stall) => supervised.restart(new CommitStalledError(stall)),
    });
    const clearBackoff = () => {
      for (const t of resumeTimers.values()) clearTimeout(t);
      resumeTimers.clear();
      failures.clear();
      commits.reset();
    };

    // Through the batch's own commit: consumer.commitOffsets is silently dropped once stop() has
    // begun, which would hand every in-flight batch to the next holder again on each graceful stop.
    async function commit(
      commitBatch: EachBatchPayload["commitOffsetsIfNecessary"],
      topic: string,
      partition: number,
      offset: string,
    ) {
      const next = (BigInt(offset) + 1n).toString();
      const tp = `${topic}:${partition}`;
      try {
        await commitBatch({ topics: [{ topic, partitions: [{ partition, offset: next }] }] });
      } catch (error) {
        commits.failed(tp, error);
        throw error;
      }
      commits.committed(tp);
    }

    // A fresh kafkajs consumer at every (re)start, kept alive by the supervisor (decision 0320).
    const supervised = superviseConsumer({
      name: def.group,
      log,
      metrics: deps.metrics,
      broker,
      create: newConsumer,
      membership,
      onRestart: clearBackoff,
      setUp: async (kc) => {
        await ensureTopics(wireTopics);
        await kc.connect();
        kc.on(kc.events.GROUP_JOIN, () => {
          clearBackoff();
          const paused = kc.paused();
          if (paused.length > 0) kc.resume(paused);
        });
        await kc.subscribe({ topics: wireTopics, fromBeginning: true });
        await run(kc);
      },
    });

    const run = (kc: Consumer) =>
      kc.run({
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
          const specTopic = names.specTopic(topic);
          const tp = `${topic}:${partition}`;
          let lastDone: string | null = null;
          // Heartbeats while a long batch runs keep the membership. A refused one (the group
          // rebalancing, the member unknown, the coordinator moved) ends the batch at the next
          // message: kafkajs answers it only between batches — its own heartbeat then fails and
          // it rejoins. What the batch had not done yet is fetched again (decision 0533).
          let membershipLost = false;
          const beat = setInterval(
            () =>
              void heartbeat().catch((error: unknown) => {
                if (membershipLost) return;
                membershipLost = true;
                log.info(
                  { group: def.group, topic, partition, reason: classifyKafkaError(error).reason },
                  "heartbeat refused during a batch; the batch ends so the consumer can rejoin",
                );
              }),
            HEARTBEAT_EVERY_MS,
          );
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
                  // The consumer may have crashed and been replaced meanwhile: nothing to resume then.
                  try {
                    resume();
                  } catch (error) {
                    log.debug(
                      { group: def.group, topic, partition, err: error },
                      "resume after backoff skipped",
                    );
                  }
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
              batch.messages.map((m) => toInbound(specTopic, partition, m)),
              {
                chunkSize: batching.maxMessages,
                depth: processor.batchDepth,
                heartbeat,
                isRunning: () => isRunning() && !isStale() && !membershipLost,
                onOutcome,
              },
            );
          } finally {
            clearInterval(beat);
          }
        },
      });

    let running = false;
    return {
      async start() {
        if (running) return;
        running = true;
        await supervised.start();
        scanner.start();
      },
      async stop() {
        if (!running) return;
        running = false;
        clearBackoff();
        await scanner.stop();
        await supervised.stop();
      },
      status: () => supervised.status(),
      async whenCaughtUp() {
        const a = await getAdmin();
        let failingSince: number | null = null;
        for (;;) {
          let behind = false;
          try {
            const committed = await a.fetchOffsets({ groupId: wireGroup, topics: wireTopics });
            for (const topic of wireTopics) {
              const high = await a.fetchTopicOffsets(topic);
              const mine = committed.find((c) => c.topic === topic)?.partitions ?? [];
              for (const p of high) {
                // Negative committed offsets are "none yet" / reset sentinels (-1, -2): start = low.
                const at = BigInt(mine.find((x) => x.partition === p.partition)?.offset ?? "-1");
                const done = at < BigInt(p.low) ? BigInt(p.low) : at;
                if (done < BigInt(p.high)) behind = true;
              }
            }
            failingSince = null;
          } catch (error) {
            // A moment without partition metadata (kafkajs' fetchTopicOffsets then throws "Cannot
            // destructure property 'partitions' of 'low.pop(...)'", seen on a loaded broker) is
            // "not known yet", not an answer; an error that lasts is one.
            failingSince ??= Date.now();
            if (Date.now() - failingSince > CAUGHT_UP_ERROR_GRACE_MS) throw error;
            behind = true;
          }
          if (!behind && (await scanner.dueCount()) === 0) return;
          await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
        }
      },
    };
  }

  function broadcast(opts: BroadcastOptions): Runner {
    const groupId = names.group(broadcastGroupId(opts.name, deps.instanceId, bootId));
    const wireTopics = opts.topics.map(names.topic);
    // "Live from now": where each partition stood when start() was first able to ask, then moved on
    // by every message seen. A fresh consumer (first join, or after a crash) is sought there once it
    // joined, so nothing published while the group was being joined or while it was restarting is
    // skipped, and nothing seen is handed out twice.
    const next = new Map<string, { topic: string; partition: number; offset: string }>();
    let endsTaken = false;
    const supervised = superviseConsumer({
      name: `broadcast-${opts.name}`,
      log,
      metrics: deps.metrics,
      broker,
      membership,
      create: () =>
        kafka.consumer({
          groupId,
          ...groupTimeoutOptions,
          maxWaitTimeInMs: 100,
          retry: NEVER_RESTART_BY_ITSELF,
        }),
      setUp: async (kc) => {
        await ensureTopics(wireTopics);
        if (!endsTaken) {
          const admin = await getAdmin();
          for (const topic of wireTopics)
            for (const p of await topicEnds(admin, topic)) {
              const tp = `${topic}:${p.partition}`;
              if (!next.has(tp)) next.set(tp, { topic, partition: p.partition, offset: p.high });
            }
          endsTaken = true;
        }
        await kc.connect();
        await kc.subscribe({ topics: wireTopics, fromBeginning: false });
        await kc.run({
          eachMessage: async ({ topic, partition, message }) => {
            next.set(`${topic}:${partition}`, {
              topic,
              partition,
              offset: (BigInt(message.offset) + 1n).toString(),
            });
            const parsed = parseEnvelope(toInbound(names.specTopic(topic), partition, message));
            if (!parsed.ok) return;
            try {
              await opts.onEvent(parsed.envelope);
            } catch (error) {
              log.warn({ broadcast: opts.name, topic, err: error }, "broadcast listener failed");
            }
          },
        });
      },
      onJoined: (kc) => {
        for (const position of next.values()) kc.seek(position);
      },
    });
    let running = false;
    return {
      async start() {
        if (running) return;
        running = true;
        await supervised.start();
      },
      async stop() {
        if (!running) return;
        running = false;
        await supervised.stop();
        // A broadcast group is per process: delete it so groups do not pile up on the broker.
        if (broker.connected)
          await getAdmin()
            .then((a) => a.deleteGroups([groupId]))
            .catch(() => {});
      },
      status: () => supervised.status(),
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
      // Connected at the first publish, not here: the relay starts while the broker is away and
      // its batches fail (and back off) until the broker is there (issue #21).
      let p: Producer | null = null;
      const connected = async (): Promise<Producer> => {
        p ??= await connectedProducer(k);
        return p;
      };
      return reportSecurityFaults(broker.security, classifyKafkaError, {
        async publish(messages) {
          const byTopic = new Map<
            string,
            Array<{ key: string; value: string; headers: Record<string, string>; timestamp?: string }>
          >();
          for (const m of messages) {
            const wireTopic = names.topic(m.topic);
            const list = byTopic.get(wireTopic) ?? [];
            // The record timestamp is the event's occurrence time, as its created-at header (decision 0048).
            const occurred = Date.parse(m.headers[HEADER.createdAt] ?? "");
            const timestamp = Number.isFinite(occurred) ? String(occurred) : undefined;
            list.push({
              key: m.key,
              value: m.value,
              headers: m.headers,
              ...(timestamp ? { timestamp } : {}),
            });
            byTopic.set(wireTopic, list);
          }
          const topics = [...byTopic.keys()];
          await ensureTopics(topics);
          await knowPartitionCounts(topics);
          // Explicit partitions, then every partition checked answered: kafkajs #1303 (complete-send.ts).
          const topicMessages = withPartitions(
            [...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })),
            (topic) => partitionCounts.get(topic) ?? partitions,
          );
          const answers = await (await connected()).sendBatch({ acks: -1, topicMessages });
          const unanswered = unansweredPartitions(topicMessages, answers);
          if (unanswered.length > 0) throw new IncompleteSendError(unanswered);
        },
        close: async () => {
          await p?.disconnect();
          p = null;
        },
      });
    },
    consumer,
    broadcast,
    send,
    async waitForBroker(cancelled) {
      await retryUntilReady(
        async () => {
          const a = await getAdmin();
          await a.describeCluster();
          broker.connected = true;
          broker.security.cleared();
        },
        {
          what: "Kafka broker",
          log,
          cancelled,
          classify: (error) => {
            const verdict = classifyKafkaError(error);
            if (verdict.kind === "security") broker.security.report(verdict, "broker");
            return verdict.kind === "configuration" && !broker.connected
              ? { retry: false, fatal: new ConfigError(verdict.setting, verdict.reason) }
              : { retry: true, reason: verdict.reason, quiet: verdict.kind === "security" };
          },
        },
      );
    },
    async ping() {
      // The whole ping is bounded, connecting included: an absent broker answers /readyz with
      // "connecting" at once rather than after the client's connection retries.
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          getAdmin().then((a) => a.describeCluster()),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("ping timeout")), PING_TIMEOUT_MS);
          }),
        ]);
        broker.connected = true;
        broker.security.cleared();
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
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
