import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Kafka, logLevel } from "kafkajs";
import { freePort } from "../../support/npm-start.js";
import { createDaemon, type Daemon } from "./daemon.js";

/**
 * A Kafka 3.9 KRaft broker of the faults suite's own, from the jars scripts/infra/kafka.sh
 * installs (.infra/kafka/libs) and its server.properties template, on free ports and a data folder
 * under the rig's directory. Stopping and starting it keeps its data (a real outage, not a reset).
 * The shared broker on 19092 is never touched (decision 0180).
 */
export interface KafkaBroker {
  readonly brokers: string;
  readonly daemon: Daemon;
}

/**
 * A broker JVM (re)start: 5–20 s on a quiet host, 60–75 s at load 30, over 120 s once at load 50
 * (a cluster node restarted while both faults passes and four engineers' benchmarks ran: decision 0522).
 */
const READY_TIMEOUT_MS = 240_000;
const REPO = path.resolve(import.meta.dirname, "../../..");

export function kafkaLibs(): string {
  const libs = path.join(REPO, ".infra/kafka/libs");
  const installed = () => existsSync(libs) && readdirSync(libs).some((f) => /^kafka_2\.13-.*\.jar$/.test(f));
  // A fresh clone whose npm test reused another checkout's broker has no jars yet: install them
  // the way infra:up does (Maven, cached in ~/.m2).
  if (!installed())
    execFileSync("bash", [path.join(REPO, "scripts/infra/kafka.sh"), "install"], { stdio: "inherit" });
  if (!installed()) throw new Error(`no Kafka broker jars in ${libs}`);
  return libs;
}

export function clusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString("base64url");
    if (!id.startsWith("-")) return id;
  }
}

export async function answers(brokers: string): Promise<boolean> {
  const admin = new Kafka({
    clientId: "pin-faults-probe",
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    requestTimeout: 3_000,
    retry: { retries: 0 },
  }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null && cluster.controller >= 0;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

const LOG4J = `-Dlog4j.configuration=file:${path.join(REPO, "infra/kafka/log4j.properties")}`;

/** kafka.tools.StorageTool format: a node's data folder for the given cluster id */
export function formatStorage(libs: string, props: string, id: string): void {
  execFileSync(
    "java",
    [
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      LOG4J,
      "-cp",
      `${libs}/*`,
      "kafka.tools.StorageTool",
      "format",
      "-t",
      id,
      "-c",
      props,
    ],
    { stdio: "ignore" },
  );
}

/** One broker JVM (kafka.Kafka <props>) as a daemon of the rig, ready once `ready` says so */
export function brokerDaemon(options: {
  name: string;
  libs: string;
  props: string;
  home: string;
  heapMb: number;
  ready: () => Promise<boolean>;
}): Daemon {
  return createDaemon({
    name: options.name,
    command: "java",
    args: [
      "-Xms128m",
      `-Xmx${options.heapMb}m`,
      "-XX:+UseG1GC",
      "-XX:MaxGCPauseMillis=20",
      "-Djava.awt.headless=true",
      LOG4J,
      "-cp",
      `${options.libs}/*`,
      "kafka.Kafka",
      options.props,
    ],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    cwd: options.home,
    logFile: path.join(options.home, "kafka.log"),
    ready: options.ready,
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
}

export async function startKafkaBroker(dir: string): Promise<KafkaBroker> {
  const libs = kafkaLibs();
  const port = await freePort();
  const controllerPort = await freePort();
  const home = path.join(dir, "kafka");
  const data = path.join(home, "data");
  await mkdir(data, { recursive: true });
  const template = await readFile(path.join(REPO, "infra/kafka/server.properties.template"), "utf8");
  const props = path.join(home, "server.properties");
  await writeFile(
    props,
    template
      .replaceAll("@DATA_DIR@", data)
      .replaceAll("@KAFKA_PORT@", String(port))
      .replaceAll("@KAFKA_CONTROLLER_PORT@", String(controllerPort)),
  );
  formatStorage(libs, props, clusterId());
  const brokers = `127.0.0.1:${port}`;
  const daemon = brokerDaemon({
    name: "kafka",
    libs,
    props,
    home,
    heapMb: 384,
    ready: () => answers(brokers),
  });
  await daemon.start();
  return { brokers, daemon };
}

const PARTITIONS = 6;
const LEADERS_TIMEOUT_MS = 60_000;

/**
 * Creates every topic of the system up front, as production provisions them, and waits until each
 * partition has a leader. (Six processes creating them at once on a fresh broker raced — one got
 * "does not host this topic-partition" right after another's create and failed to start — until
 * src/platform/events/kafka/create-topics.ts; the start-up race is not what this suite measures.)
 */
export async function provisionTopics(
  brokers: string,
  topics: readonly string[],
  replicationFactor = 1,
): Promise<void> {
  const admin = new Kafka({
    clientId: "pin-faults-admin",
    brokers: brokers.split(","),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    await admin.createTopics({
      waitForLeaders: false,
      topics: topics.map((topic) => ({ topic, numPartitions: PARTITIONS, replicationFactor })),
    });
    const deadline = Date.now() + LEADERS_TIMEOUT_MS;
    for (;;) {
      const ready = await admin
        .fetchTopicMetadata({ topics: [...topics] })
        .then(
          ({ topics: meta }) =>
            meta.length === topics.length &&
            meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0)),
        )
        .catch(() => false);
      if (ready) return;
      if (Date.now() > deadline) throw new Error("topics have no leader for every partition");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await admin.disconnect();
  }
}
