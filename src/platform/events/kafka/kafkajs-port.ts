import { type Admin, type ISocketFactory, Kafka, logLevel, Partitioners, type Producer } from "kafkajs";
import type { Logger } from "../../log/logger.js";
import { PLAINTEXT } from "../kafka-security.js";
import type { KafkaTransportDeps } from "../transport/core/context.js";
import type { AdminPort, KafkaClientPort, ProducerPort } from "../transport/core/port.js";
import { createCoreTransport } from "../transport/core/transport.js";
import type { Transport } from "../transport/transport.js";
import { unansweredPartitions } from "./complete-send.js";
import { createTopicsWithLeaders } from "./create-topics.js";
import { groupTimeouts } from "./group-membership.js";
import { classifyKafkaError, isSecurityLogEntry } from "./kafka-errors.js";
import { groupMemberSteps } from "./kafkajs-batch.js";
import { kafkajsMember, NEVER_RESTART_BY_ITSELF } from "./kafkajs-member.js";

export { toInbound } from "./kafkajs-batch.js";

import { kafkajsSecurity } from "./kafkajs-security.js";
import { topicEnds } from "./topic-offsets.js";

const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * Fetch sizes of a pipelined consumer (decision 0217): a partition's fetch holds a few batches
 * (≈ 3,000–4,000 booking events of ≈ 1 KiB); kafkajs' defaults (1 MiB a partition) hold less than one.
 */
const PIPELINED_FETCH_BYTES_PER_PARTITION = 4 * 1024 * 1024;

/** Distributed mode on kafkajs (the default client): the transport core on the kafkajs port. */
export function createKafkaTransport(deps: KafkaTransportDeps): Transport {
  return createCoreTransport(kafkajsPort(deps), deps);
}

/** kafkajs onto the core's port: clients, admin, producers and group members. */
export function kafkajsPort(deps: KafkaTransportDeps): KafkaClientPort {
  const securityOptions = kafkajsSecurity(deps.security ?? PLAINTEXT);
  const clientLog = deps.log.child({ component: "kafkajs" });
  const client = (brokers: string[], clientId: string, socketFactory?: ISocketFactory) =>
    new Kafka({
      clientId,
      brokers,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      retry: { initialRetryTime: 300, retries: 3, maxRetryTime: 5_000 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => logEntry(clientLog, entry.level, entry.log),
      ...(socketFactory ? { socketFactory } : {}),
      ...securityOptions,
    });
  const kafka = client(deps.brokers, `pin-${deps.instanceId}`);
  const timeouts = groupTimeouts(deps.settings.kafkaSessionTimeoutMs);
  return {
    client: "kafkajs",
    classify: classifyKafkaError,
    commitFailureNote: "will redeliver",
    admin: kafkajsAdmin(kafka),
    producer(opts) {
      const own = opts.relay && (opts.brokers || deps.tuning?.relaySocketFactory);
      const k = own
        ? client(
            opts.brokers ?? deps.brokers,
            `pin-relay-${deps.instanceId}`,
            deps.tuning?.relaySocketFactory,
          )
        : kafka;
      return kafkajsProducer(k);
    },
    member(spec) {
      const steps = groupMemberSteps(spec, deps.log);
      const member = kafkajsMember({
        name: spec.name,
        log: deps.log,
        // A consumer the broker stops confirming as a member is replaced (decision 0533).
        membership: { silentMs: timeouts.rebalanceTimeoutMs + 2 * timeouts.sessionTimeoutMs },
        consumer: kafka.consumer({
          groupId: spec.group,
          sessionTimeout: timeouts.sessionTimeoutMs,
          heartbeatInterval: timeouts.heartbeatMs,
          rebalanceTimeout: timeouts.rebalanceTimeoutMs,
          maxWaitTimeInMs: spec.fetch.maxWaitMs,
          minBytes: spec.fetch.minBytes,
          allowAutoTopicCreation: false,
          retry: NEVER_RESTART_BY_ITSELF,
          ...(spec.fetch.pipelined
            ? {
                maxBytesPerPartition: PIPELINED_FETCH_BYTES_PER_PARTITION,
                maxBytes: spec.concurrency * PIPELINED_FETCH_BYTES_PER_PARTITION,
              }
            : {}),
        }),
        setUp: steps.setUp,
        onJoined: steps.onJoined,
      });
      steps.crash = member.crash;
      return member;
    },
  };
}

/** The client's own lines: a security fault is reported once by the transport, so its retries stay at debug. */
function logEntry(log: Logger, level: number, entry: { message: string; [field: string]: unknown }): void {
  const { message, ...rest } = entry;
  if (level <= logLevel.ERROR && !isSecurityLogEntry(message, rest)) log.warn(rest, message);
  else log.debug(rest, message);
}

/** One admin for the process, connected at its first use; concurrent callers share the attempt. */
function kafkajsAdmin(kafka: Kafka): AdminPort {
  let admin: Admin | null = null;
  let connecting: Promise<Admin> | null = null;
  const get = (): Promise<Admin> => {
    if (admin) return Promise.resolve(admin);
    connecting ??= (async () => {
      const a = kafka.admin();
      try {
        await a.connect();
        admin = a;
        return a;
      } catch (error) {
        await a.disconnect().catch(() => {});
        throw error;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };
  return {
    describeCluster: async () => void (await (await get()).describeCluster()),
    createTopics: async (topics, partitions) => createTopicsWithLeaders(await get(), topics, partitions),
    async partitionCount(topic) {
      const { topics } = await (await get()).fetchTopicMetadata({ topics: [topic] });
      return topics[0]?.partitions.length ?? 0;
    },
    ends: async (topic) =>
      (await topicEnds(await get(), topic)).map((p) => ({ partition: p.partition, offset: p.high })),
    watermarks: async (topic) => (await get()).fetchTopicOffsets(topic),
    async committed(group, topics) {
      const out = new Map<string, string>();
      for (const t of await (await get()).fetchOffsets({ groupId: group, topics: [...topics] }))
        for (const p of t.partitions) out.set(`${t.topic}:${p.partition}`, p.offset);
      return out;
    },
    deleteGroup: async (group) => (await get()).deleteGroups([group]).then(() => undefined),
    async close() {
      await admin?.disconnect().catch(() => {});
      admin = null;
    },
  };
}

/** A producer with one request in flight (a key's messages stay in order when the client retries). */
function kafkajsProducer(kafka: Kafka): ProducerPort {
  let producer: Producer | null = null;
  const connected = async (): Promise<Producer> => {
    if (producer) return producer;
    const p = kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true,
    });
    try {
      await p.connect();
    } catch (error) {
      await p.disconnect().catch(() => {});
      throw error;
    }
    producer = p;
    return p;
  };
  return {
    async send(batches) {
      const topicMessages = batches.map((b) => ({ topic: b.topic, messages: [...b.messages] }));
      const answers = await (await connected()).sendBatch({ acks: -1, topicMessages });
      // Every slot written to minus the unanswered ones (kafkajs #1303, complete-send.ts)
      const missing = new Set(unansweredPartitions(topicMessages, answers));
      return topicMessages
        .flatMap((b) => b.messages.map((m) => `${b.topic}[${m.partition}]`))
        .filter((slot) => !missing.has(slot));
    },
    async close() {
      await producer?.disconnect();
      producer = null;
    },
  };
}
