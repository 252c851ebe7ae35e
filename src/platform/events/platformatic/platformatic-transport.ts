import { Admin, Consumer, ListOffsetTimestamps, Producer, stringSerializers } from "@platformatic/kafka";
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
import { IncompleteSendError, withPartitions } from "../kafka/complete-send.js";
import { broadcastGroupId, groupTimeouts, newBootId } from "../kafka/group-membership.js";
import { kafkaNames } from "../kafka/kafka-names.js";
import { type KafkaSecurity, PLAINTEXT } from "../kafka-security.js";
import { createSecurityFaults, reportSecurityFaults } from "../kafka-security-faults.js";
import type { BroadcastOptions, EventPlatformTuning, Runner } from "../transport/runner.js";
import type { Transport } from "../transport/transport.js";
import { type InboundMessage, parseEnvelope } from "../wire.js";
import { type PartitionHandle, startPartitionFetcher, type TopicPartition } from "./partition-fetcher.js";
import {
  committedOffsets,
  createTopicsWithLeaders,
  offsetsAt,
  partitionCount,
  watermarks,
} from "./platformatic-admin.js";
import { classifyPlatformaticError } from "./platformatic-errors.js";
import { platformaticSecurity } from "./platformatic-security.js";
import { routeConnections } from "./route-connections.js";
import { type Member, superviseMember } from "./supervised-member.js";

/** The figures of the kafkajs adapter (kafka-transport.ts), so the two behave alike. */
const DEFAULT_PARTITIONS = 6;
const DEFAULT_PARKED_SCAN_MS = 500;
const REQUEST_TIMEOUT_MS = 10_000;
const CLIENT_RETRIES = 3;
const CLIENT_RETRY_DELAY_MS = 300;
const CAUGHT_UP_CHECK_MS = 50;
const PING_TIMEOUT_MS = 2_000;
/**
 * Deadlines of the partition fetcher's calls (decision 0523). A connection's own request timeout is
 * the library's default (30 s: the `timeout` above is the protocol timeout of produce and admin
 * calls); a call still unanswered after 45 s is abandoned as failed, a partition not fetched for
 * 60 s (twice the session timeout) replaces its member.
 */
const CALL_DEADLINE_MS = 45_000;
const STALL_MS = 60_000;
const MIN_RECORD_BYTES = 64;
const FETCH_BYTES_PER_PARTITION = 1024 * 1024;
const FETCH_BYTES = 10 * 1024 * 1024;
/** decision 0217: a pipelined consumer's fetch holds a few batches */
const PIPELINED_FETCH_BYTES_PER_PARTITION = 4 * 1024 * 1024;
const PIPELINED_FETCH_BYTES = 6 * PIPELINED_FETCH_BYTES_PER_PARTITION;
const BROADCAST_WAIT_MS = 100;
/** Kafka's acks=all: every in-sync replica (decision 0331) */
const ACKS_ALL = -1;

export interface PlatformaticTransportDeps {
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

type Outbound = {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
  timestamp?: string;
};

/**
 * Distributed mode on @platformatic/kafka (PIN_KAFKA_CLIENT=platformatic, decision 0430): the
 * same Transport as the kafkajs adapter — per-partition batches through the same processor,
 * offsets committed only after the batch's scope committed, pause + rewind of one partition on an
 * infrastructure failure, broadcast consumers sought to where they stood, a producer with
 * acks=all whose every written partition must answer, the same topics and admin.
 */
export function createPlatformaticTransport(deps: PlatformaticTransportDeps): Transport {
  const { log } = deps;
  // Broker names (decision 0410): the spec's names, suffixed by PIN_KAFKA_NAMESPACE when set. Names
  // on the broker are `wire*`; the processor, handlers and broadcast listeners see the spec's.
  const names = kafkaNames(deps.settings.kafkaNamespace);
  const group = groupTimeouts(deps.settings.kafkaSessionTimeoutMs);
  const bootId = newBootId();
  const toSpec = (messages: readonly InboundMessage[]): readonly InboundMessage[] =>
    deps.settings.kafkaNamespace
      ? messages.map((m) => ({ ...m, topic: names.specTopic(m.topic) }))
      : messages;
  const partitions = deps.tuning?.topicPartitions ?? DEFAULT_PARTITIONS;
  const clientId = `pin-${deps.instanceId}`;
  const securityOptions = platformaticSecurity(deps.security ?? PLAINTEXT, deps.brokers);
  const base = (brokers: string[], id: string) => ({
    clientId: id,
    bootstrapBrokers: brokers,
    timeout: REQUEST_TIMEOUT_MS,
    retries: CLIENT_RETRIES,
    retryDelay: CLIENT_RETRY_DELAY_MS,
    ...securityOptions,
  });
  if (deps.tuning?.relaySocketFactory && !deps.tuning.relayBrokerAddress)
    log.warn("relaySocketFactory is a kafkajs option: the platformatic relay takes relayBrokerAddress");

  const broker = { connected: false, security: createSecurityFaults(log) };
  let admin: Admin | null = null;
  const getAdmin = (): Admin => {
    admin ??= new Admin(base(deps.brokers, clientId));
    return admin;
  };
  const knownTopics = new Set<string>();
  async function ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = topics.filter((t) => !knownTopics.has(t));
    if (missing.length === 0) return;
    await createTopicsWithLeaders(getAdmin(), missing, partitions);
    for (const t of missing) knownTopics.add(t);
  }
  const partitionCounts = new Map<string, number>();
  async function countOf(topic: string): Promise<number> {
    let n = partitionCounts.get(topic);
    if (n === undefined) {
      n = (await partitionCount(getAdmin(), topic)) || partitions;
      partitionCounts.set(topic, n);
    }
    return n;
  }

  const newProducer = (brokers: string[], id: string) =>
    new Producer({
      ...base(brokers, id),
      acks: ACKS_ALL,
      // One request in flight per connection: a retry cannot reorder a key's messages (decision 0331)
      maxInflights: 1,
      // decision 0331: no idempotent mode; duplicates of a retried produce are absorbed by the dedup
      idempotent: false,
      autocreateTopics: false,
      serializers: stringSerializers,
    });

  /** Sends and checks that every partition written to answered (as complete-send.ts for kafkajs). */
  async function produce(p: Producer<string, string, string, string>, messages: readonly Outbound[]) {
    const byTopic = new Map<string, Outbound[]>();
    for (const m of messages) {
      const wire = names.topic(m.topic);
      byTopic.set(wire, [...(byTopic.get(wire) ?? []), m]);
    }
    const topics = [...byTopic.keys()];
    await ensureTopics(topics);
    const counts = new Map<string, number>();
    for (const t of topics) counts.set(t, await countOf(t));
    // The kafkajs default partitioner's placement: a key lands on the same partition on both adapters.
    const placed = withPartitions(
      [...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })),
      (topic) => counts.get(topic) ?? partitions,
    );
    const result = await p.send({
      acks: ACKS_ALL,
      messages: placed.flatMap(({ topic, messages: msgs }) =>
        msgs.map((m) => ({
          topic,
          partition: m.partition,
          key: m.key,
          value: m.value,
          headers: m.headers,
          ...(m.timestamp ? { timestamp: BigInt(m.timestamp) } : {}),
        })),
      ),
    });
    broker.connected = true;
    const answered = new Set((result.offsets ?? []).map((o) => `${o.topic}[${o.partition}]`));
    const missing = new Set<string>();
    for (const { topic, messages: msgs } of placed)
      for (const m of msgs)
        if (!answered.has(`${topic}[${m.partition}]`)) missing.add(`${topic}[${m.partition}]`);
    if (missing.size > 0) throw new IncompleteSendError([...missing]);
  }

  let systemProducer: Producer<string, string, string, string> | null = null;
  async function send(m: { topic: string; key: string; value: string; headers: Record<string, string> }) {
    systemProducer ??= newProducer(deps.brokers, clientId);
    await produce(systemProducer, [m]);
  }

  function fetchSizes(pipelined: boolean) {
    return pipelined
      ? { maxBytes: PIPELINED_FETCH_BYTES, maxBytesPerPartition: PIPELINED_FETCH_BYTES_PER_PARTITION }
      : { maxBytes: FETCH_BYTES, maxBytesPerPartition: FETCH_BYTES_PER_PARTITION };
  }

  /** The group's committed offset of each assigned partition that has one, by "topic:partition". */
  async function committedPositions(
    c: Consumer,
    assigned: readonly TopicPartition[],
  ): Promise<Map<string, bigint>> {
    const byTopic = new Map<string, number[]>();
    for (const p of assigned) byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), p.partition]);
    const committed = await c.listCommittedOffsets({
      topics: [...byTopic].map(([topic, parts]) => ({ topic, partitions: parts })),
    });
    const out = new Map<string, bigint>();
    for (const p of assigned) {
      const at = committed.get(p.topic)?.[p.partition];
      if (at !== undefined && at >= 0n) out.set(`${p.topic}:${p.partition}`, at);
    }
    return out;
  }

  async function closeConsumer(c: Consumer): Promise<void> {
    await c.close().catch(() => c.close(true).catch(() => {}));
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
    const failures = new Map<string, number>();
    const resumeTimers = new Map<string, NodeJS.Timeout>();
    const clearBackoff = () => {
      for (const t of resumeTimers.values()) clearTimeout(t);
      resumeTimers.clear();
      failures.clear();
    };

    /** One fetched run of a partition: the processor's batches, offsets after each batch's commit. */
    async function handle(messages: readonly InboundMessage[], part: PartitionHandle): Promise<void> {
      const { topic, partition } = messages[0] as InboundMessage;
      const tp = `${topic}:${partition}`;
      let lastDone: string | null = null;
      const commitDone = (offset: string) =>
        part
          .commit((BigInt(offset) + 1n).toString())
          .catch((error: unknown) =>
            log.warn(
              { group: def.group, topic, partition, err: error },
              "offset commit failed; tried again in the background (decision 0523)",
            ),
          );
      const onOutcome = async ({ chunk, outcome }: ChunkOutcome): Promise<boolean> => {
        if (outcome.kind === "infrastructure") {
          if (lastDone !== null) await commitDone(lastDone);
          const n = (failures.get(tp) ?? 0) + 1;
          failures.set(tp, n);
          const delay = infrastructureDelayMs(policy, n);
          log.warn(
            { group: def.group, topic, partition, failures: n, delayMs: delay, err: outcome.error },
            "partition paused after infrastructure failure",
          );
          const resume = part.pause((chunk[0] as InboundMessage).offset);
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
        const upTo = (chunk[outcome.results.length - 1] as InboundMessage).offset;
        part.resolve(upTo);
        lastDone = upTo;
        await commitDone(upTo);
        return outcome.results.length === chunk.length;
      };
      await processInChunks(processor, messages, {
        chunkSize: batching.maxMessages,
        depth: processor.batchDepth,
        isRunning: part.isRunning,
        onOutcome,
      });
    }

    const wireTopics = topics.map(names.topic);
    const wireGroup = names.group(def.group);
    async function create(): Promise<Member> {
      await ensureTopics(wireTopics);
      const kc = new Consumer({ ...base(deps.brokers, clientId), groupId: wireGroup, autocommit: false });
      const fetcher = startPartitionFetcher({
        consumer: kc,
        topics: wireTopics,
        log,
        group,
        fetch: {
          maxWaitMs: batching.flushMs,
          minBytes: def.batch?.flushMs === undefined ? 1 : batching.maxMessages * MIN_RECORD_BYTES,
          ...fetchSizes(processor.batchDepth > 1),
        },
        deadlines: {
          callMs: CALL_DEADLINE_MS,
          fetchMs: CALL_DEADLINE_MS + batching.flushMs,
          stallMs: STALL_MS,
        },
        onAssigned: clearBackoff,
        // The group's committed offsets, asked by the member's own client (not the transport's shared
        // admin: a wedged admin would hold every member's start); a partition without one starts at
        // its first offset.
        positions: (assigned: readonly TopicPartition[]) => committedPositions(kc, assigned),
        handle: (messages, part) => handle(toSpec(messages), part),
      });
      return { fetcher, close: () => closeConsumer(kc) };
    }

    const supervised = superviseMember({
      name: def.group,
      log,
      metrics: deps.metrics,
      broker,
      create,
      onRestart: clearBackoff,
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
        for (;;) {
          let behind = false;
          const committed = await committedOffsets(getAdmin(), wireGroup, wireTopics);
          for (const topic of wireTopics)
            for (const p of await watermarks(getAdmin(), topic)) {
              const at = BigInt(committed.get(`${topic}:${p.partition}`) ?? "-1");
              const done = at < BigInt(p.low) ? BigInt(p.low) : at;
              if (done < BigInt(p.high)) behind = true;
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
    // "Live from now" (as the kafkajs adapter): each partition's end when first asked, then moved on
    // by every message seen; a fresh member starts there, so nothing is skipped or handed out twice.
    const next = new Map<string, bigint>();
    let endsTaken = false;
    async function handle(messages: readonly InboundMessage[], part: PartitionHandle): Promise<void> {
      for (const message of messages) {
        if (!part.isRunning()) return;
        next.set(`${message.topic}:${message.partition}`, BigInt(message.offset) + 1n);
        part.resolve(message.offset);
        const parsed = parseEnvelope(
          deps.settings.kafkaNamespace ? { ...message, topic: names.specTopic(message.topic) } : message,
        );
        if (!parsed.ok) continue;
        try {
          await opts.onEvent(parsed.envelope);
        } catch (error) {
          log.warn({ broadcast: opts.name, topic: message.topic, err: error }, "broadcast listener failed");
        }
      }
    }
    async function create(): Promise<Member> {
      await ensureTopics(wireTopics);
      if (!endsTaken) {
        for (const topic of wireTopics)
          for (const p of await offsetsAt(getAdmin(), topic, ListOffsetTimestamps.LATEST))
            if (!next.has(`${topic}:${p.partition}`)) next.set(`${topic}:${p.partition}`, BigInt(p.offset));
        endsTaken = true;
      }
      const kc = new Consumer({ ...base(deps.brokers, clientId), groupId, autocommit: false });
      const fetcher = startPartitionFetcher({
        consumer: kc,
        topics: wireTopics,
        log,
        group,
        fetch: { maxWaitMs: BROADCAST_WAIT_MS, minBytes: 1, ...fetchSizes(false) },
        deadlines: {
          callMs: CALL_DEADLINE_MS,
          fetchMs: CALL_DEADLINE_MS + BROADCAST_WAIT_MS,
          stallMs: STALL_MS,
        },
        positions: async (assigned) => {
          const out = new Map<string, bigint>();
          const ends = new Map<string, bigint>();
          for (const p of assigned) {
            const key = `${p.topic}:${p.partition}`;
            const at = next.get(key);
            if (at !== undefined) out.set(key, at);
            else {
              // A partition added after the start: from its end, as a live listener would.
              if (!ends.has(key))
                for (const e of await offsetsAt(getAdmin(), p.topic, ListOffsetTimestamps.LATEST))
                  ends.set(`${p.topic}:${e.partition}`, BigInt(e.offset));
              out.set(key, ends.get(key) ?? 0n);
            }
          }
          return out;
        },
        handle,
      });
      return { fetcher, close: () => closeConsumer(kc) };
    }
    const supervised = superviseMember({
      name: `broadcast-${opts.name}`,
      log,
      metrics: deps.metrics,
      broker,
      create,
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
            .deleteGroups({ groups: [groupId] })
            .catch(() => {});
      },
      status: () => supervised.status(),
    };
  }

  async function describeCluster(): Promise<void> {
    await getAdmin().metadata({ topics: [], forceUpdate: true });
  }

  return {
    kind: "kafka",
    async publisher(opts) {
      // Created at the first publish: the relay starts while the broker is away (issue #21).
      let p: Producer<string, string, string, string> | null = null;
      return reportSecurityFaults(broker.security, classifyPlatformaticError, {
        async publish(messages) {
          if (!p) {
            p = newProducer(opts?.brokers ?? deps.brokers, `pin-relay-${deps.instanceId}`);
            const route = deps.tuning?.relayBrokerAddress;
            if (route) routeConnections(p, route);
          }
          await produce(
            p,
            messages.map((m) => {
              // The record timestamp is the event's occurrence time, its created-at header (decision 0048).
              const occurred = Date.parse(m.headers[HEADER.createdAt] ?? "");
              return {
                topic: m.topic,
                key: m.key,
                value: m.value,
                headers: m.headers,
                ...(Number.isFinite(occurred) ? { timestamp: String(occurred) } : {}),
              };
            }),
          );
        },
        close: async () => {
          await p?.close().catch(() => {});
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
          await describeCluster();
          broker.connected = true;
          broker.security.cleared();
        },
        {
          what: "Kafka broker",
          log,
          cancelled,
          classify: (error) => {
            const verdict = classifyPlatformaticError(error);
            if (verdict.kind === "security") broker.security.report(verdict, "broker");
            return verdict.kind === "configuration" && !broker.connected
              ? { retry: false, fatal: new ConfigError(verdict.setting, verdict.reason) }
              : { retry: true, reason: verdict.reason, quiet: verdict.kind === "security" };
          },
        },
      );
    },
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          describeCluster(),
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
      await systemProducer?.close().catch(() => {});
      await admin?.close().catch(() => {});
      systemProducer = null;
      admin = null;
    },
  };
}
