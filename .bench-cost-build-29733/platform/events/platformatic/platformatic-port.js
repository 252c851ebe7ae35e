import { Admin, Consumer, ListOffsetTimestamps, Producer, stringSerializers } from "@platformatic/kafka";
import { groupTimeouts } from "../kafka/group-membership.js";
import { PLAINTEXT } from "../kafka-security.js";
import { createCoreTransport } from "../transport/core/transport.js";
import { withDeadline } from "./deadline.js";
import { startPartitionFetcher } from "./partition-fetcher.js";
import {
  committedOffsets,
  createTopicsWithLeaders,
  offsetsAt,
  partitionCount,
  watermarks
} from "./platformatic-admin.js";
import { classifyPlatformaticError } from "./platformatic-errors.js";
import { platformaticSecurity } from "./platformatic-security.js";
import { routeConnections } from "./route-connections.js";
const REQUEST_TIMEOUT_MS = 1e4;
const CLIENT_RETRIES = 3;
const CLIENT_RETRY_DELAY_MS = 300;
const CALL_DEADLINE_MS = 45e3;
const STALL_MS = 6e4;
const FETCH_BYTES_PER_PARTITION = 1024 * 1024;
const FETCH_BYTES = 10 * 1024 * 1024;
const PIPELINED_FETCH_BYTES_PER_PARTITION = 4 * 1024 * 1024;
const ACKS_ALL = -1;
const RETIRE_DEADLINE_MS = 6e4;
function createPlatformaticTransport(deps) {
  return createCoreTransport(platformaticPort(deps), deps);
}
function platformaticPort(deps) {
  const securityOptions = platformaticSecurity(deps.security ?? PLAINTEXT, deps.brokers);
  const base = (brokers, clientId2) => ({
    clientId: clientId2,
    bootstrapBrokers: brokers,
    timeout: REQUEST_TIMEOUT_MS,
    retries: CLIENT_RETRIES,
    retryDelay: CLIENT_RETRY_DELAY_MS,
    ...securityOptions
  });
  if (deps.tuning?.relaySocketFactory && !deps.tuning.relayBrokerAddress)
    deps.log.warn("relaySocketFactory is a kafkajs option: the platformatic relay takes relayBrokerAddress");
  const clientId = `pin-${deps.instanceId}`;
  let admin = null;
  const getAdmin = () => {
    admin ??= new Admin(base(deps.brokers, clientId));
    return admin;
  };
  return {
    client: "platformatic",
    classify: classifyPlatformaticError,
    commitFailureNote: "tried again in the background (decision 0523)",
    admin: platformaticAdmin(getAdmin, () => {
      const a = admin;
      admin = null;
      return a;
    }),
    producer(opts) {
      const p = new Producer({
        ...base(opts.brokers ?? deps.brokers, opts.relay ? `pin-relay-${deps.instanceId}` : clientId),
        acks: ACKS_ALL,
        // One request in flight per connection: a retry cannot reorder a key's messages (decision 0331)
        maxInflights: 1,
        // decision 0331: no idempotent mode; duplicates of a retried produce are absorbed by the dedup
        idempotent: false,
        autocreateTopics: false,
        serializers: stringSerializers
      });
      const route = deps.tuning?.relayBrokerAddress;
      if (opts.relay && route) routeConnections(p, route);
      return platformaticProducer(p);
    },
    member: (spec) => platformaticMember(
      deps,
      spec,
      () => new Consumer({ ...base(deps.brokers, clientId), groupId: spec.group, autocommit: false })
    )
  };
}
function platformaticAdmin(get, take) {
  return {
    describeCluster: async () => void await get().metadata({ topics: [], forceUpdate: true }),
    createTopics: (topics, partitions) => createTopicsWithLeaders(get(), topics, partitions),
    partitionCount: (topic) => partitionCount(get(), topic),
    ends: (topic) => offsetsAt(get(), topic, ListOffsetTimestamps.LATEST),
    watermarks: (topic) => watermarks(get(), topic),
    committed: (group, topics) => committedOffsets(get(), group, topics),
    deleteGroup: async (group) => get().deleteGroups({ groups: [group] }),
    close: async () => take()?.close()
  };
}
function platformaticProducer(p) {
  return {
    async send(batches) {
      const result = await p.send({
        acks: ACKS_ALL,
        messages: batches.flatMap(
          ({ topic, messages }) => messages.map((m) => ({
            topic,
            partition: m.partition,
            key: m.key,
            value: m.value,
            headers: m.headers,
            ...m.timestamp ? { timestamp: BigInt(m.timestamp) } : {}
          }))
        )
      });
      return (result.offsets ?? []).map((o) => `${o.topic}[${o.partition}]`);
    },
    close: () => p.close()
  };
}
async function committedPositions(c, assigned) {
  const byTopic = /* @__PURE__ */ new Map();
  for (const p of assigned) byTopic.set(p.topic, [...byTopic.get(p.topic) ?? [], p.partition]);
  const committed = await c.listCommittedOffsets({
    topics: [...byTopic].map(([topic, parts]) => ({ topic, partitions: parts }))
  });
  const out = /* @__PURE__ */ new Map();
  for (const p of assigned) {
    const at = committed.get(p.topic)?.[p.partition];
    if (at !== void 0 && at >= 0n) out.set(`${p.topic}:${p.partition}`, at);
  }
  return out;
}
function platformaticMember(deps, spec, newConsumer) {
  const starting = (async () => {
    await spec.before();
    const kc = newConsumer();
    const fetcher = startPartitionFetcher({
      consumer: kc,
      topics: spec.topics,
      log: deps.log,
      group: groupTimeouts(deps.settings.kafkaSessionTimeoutMs),
      fetch: {
        maxWaitMs: spec.fetch.maxWaitMs,
        minBytes: spec.fetch.minBytes,
        maxBytes: spec.fetch.pipelined ? 6 * PIPELINED_FETCH_BYTES_PER_PARTITION : FETCH_BYTES,
        maxBytesPerPartition: spec.fetch.pipelined ? PIPELINED_FETCH_BYTES_PER_PARTITION : FETCH_BYTES_PER_PARTITION
      },
      deadlines: {
        callMs: CALL_DEADLINE_MS,
        fetchMs: CALL_DEADLINE_MS + spec.fetch.maxWaitMs,
        stallMs: STALL_MS
      },
      ...spec.onAssigned ? { onAssigned: spec.onAssigned } : {},
      // The group's committed offsets, asked by the member's own client (not the transport's shared
      // admin: a wedged admin would hold every member's start); none: from the first offset.
      positions: spec.positions ?? ((assigned) => committedPositions(kc, assigned)),
      handle: spec.handle
    });
    return { kc, fetcher };
  })();
  const joined = starting.then((m) => m.fetcher.joined);
  const done = starting.then((m) => m.fetcher.done);
  joined.catch(() => {
  });
  done.catch(() => {
  });
  let ending = null;
  return {
    joined,
    done,
    stop(failed) {
      ending ??= (async () => {
        const m = await starting.catch(() => null);
        if (!m) return;
        await m.fetcher.stop();
        await m.kc.close().catch(() => m.kc.close(true).catch(() => {
        }));
      })();
      if (!failed) return ending;
      return withDeadline(ending, RETIRE_DEADLINE_MS, "the failed member's stop").catch(
        (error) => deps.log.warn(
          { runner: spec.name, err: error },
          "a failed kafka group member did not end in time; left behind"
        )
      );
    }
  };
}
export {
  createPlatformaticTransport,
  platformaticPort
};
//# sourceMappingURL=platformatic-port.js.map
