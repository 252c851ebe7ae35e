import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ConfigResourceTypes, Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTopicsWithLeaders } from "../../../src/platform/events/kafka/create-topics.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { type KafkaCluster, startKafkaCluster } from "../../faults/rig/kafka-cluster.js";
import { freePort } from "../../support/npm-start.js";
import { createTestDatabase, type TestDatabase } from "../../support/services.js";

const execFileAsync = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, "../../..");

/**
 * Topics as code on the 3-node cluster of the faults tier (issue #40 item 5, decisions 0565, 0566):
 * `npm run cli -- topics` applies the catalogue with replication factor 3 and min.insync.replicas 2,
 * `--check` reports it in place, a topic altered by hand is reported as drift, and a production
 * start refuses a catalogue topic replicated below PIN_KAFKA_REPLICATION_FACTOR with one line naming
 * it. The CLI and the app run as their own processes, as an operator runs them.
 *
 * Three broker JVMs: it runs only when PIN_FAULTS_CLUSTER=1 (`npm run test:faults`, CI's faults step).
 */
const enabled = process.env.PIN_FAULTS_CLUSTER === "1";
const NAMESPACE = `topics${Date.now().toString(36)}`;
const SECRET = "topics-cluster-test-secret-0123456789abcdef";

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node --import tsx <entry> …args` with exactly this environment (and PATH, HOME) */
async function runNode(entry: string, args: string[], env: Record<string, string>): Promise<Ran> {
  const child = execFileAsync(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    timeout: 120_000,
  });
  return child.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}

describe.skipIf(!enabled)("topics as code on the 3-node cluster", () => {
  let dir = "";
  let cluster: KafkaCluster | undefined;
  let db: TestDatabase | undefined;
  let env: Record<string, string> = {};
  const brokerName = (topic: string) => `${topic}.${NAMESPACE}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pin-topics-cluster-"));
    [cluster, db] = await Promise.all([startKafkaCluster(dir, 3), createTestDatabase("topics_cluster")]);
    env = {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: cluster.brokers,
      PIN_KAFKA_NAMESPACE: NAMESPACE,
      PIN_KAFKA_REPLICATION_FACTOR: "3",
      PIN_KAFKA_MIN_INSYNC_REPLICAS: "2",
      LOG_LEVEL: "warn",
    };
  }, 300_000);
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  const admin = () =>
    new Kafka({
      clientId: "topics-cluster-test",
      brokers: cluster?.brokers.split(",") ?? [],
      logLevel: logLevel.NOTHING,
    }).admin();

  it("topics applies the catalogue with replication factor 3 and min.insync.replicas 2; --check reports it in place", async () => {
    const applied = await runNode("src/cli.ts", ["topics"], env);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`${brokerName(TOPIC.bookingCreated)}: created`);
    const check = await runNode("src/cli.ts", ["topics", "--check"], env);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/^topics: the catalogue is in place \(\d+ topics\)$/),
    ]);

    const a = admin();
    await a.connect();
    try {
      const name = brokerName(TOPIC.propertyObjectStatusChanged);
      const { topics } = await a.fetchTopicMetadata({ topics: [name] });
      expect(topics[0]?.partitions.every((p) => p.replicas.length === 3)).toBe(true);
      const { resources } = await a.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name, configNames: ["min.insync.replicas"] }],
      });
      expect(resources[0]?.configEntries[0]?.configValue).toBe("2");
    } finally {
      await a.disconnect();
    }
  }, 240_000);

  it("a topic altered by hand is reported as drift: one line, exit 1", async () => {
    const name = brokerName(TOPIC.bookingPaid);
    const a = admin();
    await a.connect();
    try {
      await a.alterConfigs({
        validateOnly: false,
        resources: [
          {
            type: ConfigResourceTypes.TOPIC,
            name,
            configEntries: [
              { name: "min.insync.replicas", value: "1" },
              { name: "retention.ms", value: String(7 * 86_400_000) },
            ],
          },
        ],
      });
    } finally {
      await a.disconnect();
    }
    await expect
      .poll(async () => (await runNode("src/cli.ts", ["topics", "--check"], env)).code, {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe(1);
    const check = await runNode("src/cli.ts", ["topics", "--check"], env);
    expect(check.stdout.trim().split("\n")).toEqual([
      `${name}: min.insync.replicas=1, catalogue 2`,
      expect.stringMatching(/^topics: 1 differences from the catalogue/),
    ]);
  }, 240_000);

  it("a production start refuses a catalogue topic replicated below the configured factor: one line naming it, exit non-zero", async () => {
    const namespace = `${NAMESPACE}low`;
    const low = `${TOPIC.bookingCreated}.${namespace}`;
    const a = admin();
    await a.connect();
    try {
      // the product's create-and-wait (kafkajs's waitForLeaders gives up on a broker that has not yet
      // learnt the new partition: "This server does not host this topic-partition", a failed CI run)
      await createTopicsWithLeaders(a, [low], 1, 60_000, () => ({ replicationFactor: 1 }));
    } finally {
      await a.disconnect();
    }
    const started = await runNode("src/main.ts", [], {
      ...env,
      NODE_ENV: "production",
      PIN_KAFKA_NAMESPACE: namespace,
      PIN_JWT_SECRET: SECRET,
      PIN_ANALYTICS: "off",
      PORT: String(await freePort()),
      PIN_METRICS_PORT: String(await freePort()),
    });
    expect(started.code).not.toBe(0);
    const refusals = `${started.stdout}\n${started.stderr}`.split("\n").filter((l) => l.includes(low));
    expect(refusals, started.stdout + started.stderr).toEqual([
      `PIN failed to start: configuration error: Invalid setting PIN_KAFKA_REPLICATION_FACTOR: topic ${low} has replication factor 1, below the configured 3; raise it (kafka-reassign-partitions.sh) or lower the setting`,
    ]);
  }, 240_000);
});
