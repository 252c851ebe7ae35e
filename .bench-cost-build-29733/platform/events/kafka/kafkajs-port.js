import { Kafka, logLevel, Partitioners } from "kafkajs";
import { PLAINTEXT } from "../kafka-security.js";
import { createCoreTransport } from "../transport/core/transport.js";
import { unansweredPartitions } from "./complete-send.js";
import { createTopicsWithLeaders } from "./create-topics.js";
import { groupTimeouts } from "./group-membership.js";
import { classifyKafkaError, isSecurityLogEntry } from "./kafka-errors.js";
import { groupMemberSteps } from "./kafkajs-batch.js";
import { kafkajsMember, NEVER_RESTART_BY_ITSELF } from "./kafkajs-member.js";
import { toInbound } from "./kafkajs-batch.js";
import { kafkajsSecurity } from "./kafkajs-security.js";
import { topicEnds } from "./topic-offsets.js";
const CONNECTION_TIMEOUT_MS = 3e3;
const REQUEST_TIMEOUT_MS = 1e4;
const PIPELINED_FETCH_BYTES_PER_PARTITION = 4 * 1024 * 1024;
function createKafkaTransport(deps) {
  return createCoreTransport(kafkajsPort(deps), deps);
}
function kafkajsPort(deps) {
  const securityOptions = kafkajsSecurity(deps.security ?? PLAINTEXT);
  const clientLog = deps.log.child({ component: "kafkajs" });
  const client = (brokers, clientId, socketFactory) => new Kafka({
    clientId,
    brokers,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    retry: { initialRetryTime: 300, retries: 3, maxRetryTime: 5e3 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => logEntry(clientLog, entry.level, entry.log),
    ...socketFactory ? { socketFactory } : {},
    ...securityOptions
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
      const k = own ? client(
        opts.brokers ?? deps.brokers,
        `pin-relay-${deps.instanceId}`,
        deps.tuning?.relaySocketFactory
      ) : kafka;
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
          ...spec.fetch.pipelined ? {
            maxBytesPerPartition: PIPELINED_FETCH_BYTES_PER_PARTITION,
            maxBytes: spec.concurrency * PIPELINED_FETCH_BYTES_PER_PARTITION
          } : {}
        }),
        setUp: steps.setUp,
        onJoined: steps.onJoined
      });
      steps.crash = member.crash;
      return member;
    }
  };
}
function logEntry(log, level, entry) {
  const { message, ...rest } = entry;
  if (level <= logLevel.ERROR && !isSecurityLogEntry(message, rest)) log.warn(rest, message);
  else log.debug(rest, message);
}
function kafkajsAdmin(kafka) {
  let admin = null;
  let connecting = null;
  const get = () => {
    if (admin) return Promise.resolve(admin);
    connecting ??= (async () => {
      const a = kafka.admin();
      try {
        await a.connect();
        admin = a;
        return a;
      } catch (error) {
        await a.disconnect().catch(() => {
        });
        throw error;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };
  return {
    describeCluster: async () => void await (await get()).describeCluster(),
    createTopics: async (topics, partitions) => createTopicsWithLeaders(await get(), topics, partitions),
    async partitionCount(topic) {
      const { topics } = await (await get()).fetchTopicMetadata({ topics: [topic] });
      return topics[0]?.partitions.length ?? 0;
    },
    ends: async (topic) => (await topicEnds(await get(), topic)).map((p) => ({ partition: p.partition, offset: p.high })),
    watermarks: async (topic) => (await get()).fetchTopicOffsets(topic),
    async committed(group, topics) {
      const out = /* @__PURE__ */ new Map();
      for (const t of await (await get()).fetchOffsets({ groupId: group, topics: [...topics] }))
        for (const p of t.partitions) out.set(`${t.topic}:${p.partition}`, p.offset);
      return out;
    },
    deleteGroup: async (group) => (await get()).deleteGroups([group]).then(() => void 0),
    async close() {
      await admin?.disconnect().catch(() => {
      });
      admin = null;
    }
  };
}
function kafkajsProducer(kafka) {
  let producer = null;
  const connected = async () => {
    if (producer) return producer;
    const p = kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true
    });
    try {
      await p.connect();
    } catch (error) {
      await p.disconnect().catch(() => {
      });
      throw error;
    }
    producer = p;
    return p;
  };
  return {
    async send(batches) {
      const topicMessages = batches.map((b) => ({ topic: b.topic, messages: [...b.messages] }));
      const answers = await (await connected()).sendBatch({ acks: -1, topicMessages });
      const missing = new Set(unansweredPartitions(topicMessages, answers));
      return topicMessages.flatMap((b) => b.messages.map((m) => `${b.topic}[${m.partition}]`)).filter((slot) => !missing.has(slot));
    },
    async close() {
      await producer?.disconnect();
      producer = null;
    }
  };
}
export {
  createKafkaTransport,
  kafkajsPort,
  toInbound
};
//# sourceMappingURL=kafkajs-port.js.map
