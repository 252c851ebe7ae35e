import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Kafka, logLevel } from "kafkajs";
import { freePort } from "../../support/npm-start.js";
import type { Daemon } from "./daemon.js";
import { brokerDaemon, clusterId, formatStorage, kafkaLibs } from "./kafka-broker.js";

/**
 * A 3-node Kafka 3.9 KRaft cluster of the faults suite's own on loopback (every node broker and
 * controller; infra/kafka/cluster-node.properties.template: replication factor 3,
 * min.insync.replicas=2), on free ports with each node's data under the rig's directory. A node
 * killed and started again keeps its data and rejoins. Which node coordinates a consumer group
 * and which leads a partition is asked of the cluster, so a test can kill exactly that one.
 */
export interface KafkaNode {
  readonly id: number;
  /** host:port of this node alone */
  readonly address: string;
  readonly daemon: Daemon;
}

export interface KafkaCluster {
  /** Every node, comma-separated (what KAFKA_BROKERS takes) */
  readonly brokers: string;
  readonly nodes: readonly KafkaNode[];
  node(id: number): KafkaNode;
  /** The node that coordinates `groupId` now (leader of its __consumer_offsets partition) */
  coordinatorOf(groupId: string): Promise<number>;
  /** The node leading a partition now (-1: none) */
  leaderOf(topic: string, partition: number): Promise<number>;
  /** Resolves once every node is in the cluster and every partition of `topics` has its full ISR */
  waitHealthy(topics: readonly string[], timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

const REPO = path.resolve(import.meta.dirname, "../../..");
/** offsets.topic.num.partitions of the template */
const OFFSETS_PARTITIONS = 10;
const HEAP_MB = 256;
const POLL_MS = 250;

/** Java's String.hashCode, then Utils.abs: how Kafka places a group on a __consumer_offsets partition */
export function offsetsPartitionOf(groupId: string, partitions = OFFSETS_PARTITIONS): number {
  let hash = 0;
  for (let i = 0; i < groupId.length; i++) hash = (Math.imul(hash, 31) + groupId.charCodeAt(i)) | 0;
  return (hash & 0x7fffffff) % partitions;
}

function adminOf(brokers: string) {
  return new Kafka({
    clientId: "pin-faults-cluster",
    brokers: brokers.split(","),
    logLevel: logLevel.NOTHING,
    // Under a loaded 2-core machine (load 30–40) a 1 s connect timed out now and then.
    connectionTimeout: 3_000,
    requestTimeout: 5_000,
    retry: { retries: 2 },
  }).admin();
}

const ATTEMPTS = 5;
const ATTEMPT_PAUSE_MS = 1_000;

/** `withAdmin`, tried again on a failure (a connect timeout of a loaded machine, a node going away) */
export async function withAdminRetried<T>(
  brokers: string | (() => string),
  fn: (admin: ReturnType<typeof adminOf>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withAdmin(typeof brokers === "string" ? brokers : brokers(), fn);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, ATTEMPT_PAUSE_MS));
    }
  }
}

export async function withAdmin<T>(
  brokers: string,
  fn: (admin: ReturnType<typeof adminOf>) => Promise<T>,
): Promise<T> {
  const admin = adminOf(brokers);
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** The node answers and sees a cluster with a controller (a quorum: at least 2 of 3 voters up) */
async function nodeServes(address: string): Promise<boolean> {
  return withAdmin(address, async (admin) => {
    const cluster = await admin.describeCluster();
    return (
      cluster.controller !== null &&
      cluster.controller >= 0 &&
      cluster.brokers.some((b) => `${b.host}:${b.port}` === address)
    );
  }).catch(() => false);
}

export async function startKafkaCluster(dir: string, size = 3): Promise<KafkaCluster> {
  const libs = kafkaLibs();
  const ports = await Promise.all(
    Array.from({ length: size }, async () => [await freePort(), await freePort()] as const),
  );
  const voters = ports.map(([, controller], i) => `${i + 1}@127.0.0.1:${controller}`).join(",");
  const template = await readFile(path.join(REPO, "infra/kafka/cluster-node.properties.template"), "utf8");
  const id = clusterId();
  const nodes: KafkaNode[] = [];
  for (const [i, [port, controllerPort]] of ports.entries()) {
    const nodeId = i + 1;
    const home = path.join(dir, `kafka-${nodeId}`);
    const data = path.join(home, "data");
    await mkdir(data, { recursive: true });
    const props = path.join(home, "server.properties");
    await writeFile(
      props,
      template
        .replaceAll("@NODE_ID@", String(nodeId))
        .replaceAll("@VOTERS@", voters)
        .replaceAll("@DATA_DIR@", data)
        .replaceAll("@KAFKA_PORT@", String(port))
        .replaceAll("@KAFKA_CONTROLLER_PORT@", String(controllerPort)),
    );
    formatStorage(libs, props, id);
    const address = `127.0.0.1:${port}`;
    nodes.push({
      id: nodeId,
      address,
      daemon: brokerDaemon({
        name: `kafka-${nodeId}`,
        libs,
        props,
        home,
        heapMb: HEAP_MB,
        ready: () => nodeServes(address),
      }),
    });
  }
  const brokers = nodes.map((n) => n.address).join(",");
  // Together: a node is ready only once a quorum of controllers is up.
  const started = await Promise.allSettled(nodes.map((n) => n.daemon.start()));
  const failed = started.find((r) => r.status === "rejected");
  if (failed) {
    await Promise.all(nodes.map((n) => n.daemon.kill()));
    throw (failed as PromiseRejectedResult).reason;
  }
  const live = () =>
    nodes
      .filter((n) => n.daemon.running())
      .map((n) => n.address)
      .join(",");

  const cluster: KafkaCluster = {
    brokers,
    nodes,
    node(nodeId) {
      const n = nodes.find((x) => x.id === nodeId);
      if (!n) throw new Error(`no Kafka node ${nodeId}`);
      return n;
    },
    async coordinatorOf(groupId) {
      return cluster.leaderOf("__consumer_offsets", offsetsPartitionOf(groupId));
    },
    async leaderOf(topic, partition) {
      return withAdminRetried(live, async (admin) => {
        const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
        return topics[0]?.partitions.find((p) => p.partitionId === partition)?.leader ?? -1;
      });
    },
    async waitHealthy(topics, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const healthy = await withAdmin(live(), async (admin) => {
          const described = await admin.describeCluster();
          if (described.brokers.length < nodes.length) return false;
          const { topics: meta } = await admin.fetchTopicMetadata({ topics: [...topics] });
          return meta.every((t) => t.partitions.every((p) => p.leader >= 0 && p.isr.length === nodes.length));
        }).catch(() => false);
        if (healthy) return;
        if (Date.now() > deadline) throw new Error(`Kafka cluster not healthy within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },
    stop: async () => {
      await Promise.all(nodes.map((n) => n.daemon.stop()));
    },
  };
  return cluster;
}
