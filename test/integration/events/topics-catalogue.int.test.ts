import { ConfigResourceTypes, Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CliBaseDeps } from "../../../src/cli/command.js";
import { command as topicsCommand } from "../../../src/cli/topics.js";
import { DLQ_TOPICS } from "../../../src/consumers/dlq-topics.js";
import { ConfigError, loadSettings } from "../../../src/platform/config/settings.js";
import { refuseUnderReplicatedTopics } from "../../../src/platform/events/kafka/replication-guard.js";
import { topicCatalogue } from "../../../src/platform/events/kafka/topic-catalogue.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createLogger, createMemoryLogger } from "../../../src/platform/log/logger.js";
import { fileNamespace } from "../../support/isolation.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";

/**
 * Topics as code on the single test broker (issue #40 item 5, decision 0565), in this file's own
 * namespace: `topics` creates the catalogue, `--check` finds it in place, a topic altered by hand
 * is drift (one line each, exit 1) and `topics` puts it back; a production start refuses a topic
 * replicated below PIN_KAFKA_REPLICATION_FACTOR. The 3-node cluster's version (replication 3,
 * min.insync.replicas 2) is in the faults tier: faults/topics-cluster.int.test.ts.
 */
const log = createLogger({ level: "silent", pretty: false });
/** What else a production start requires (settings.ts); not used by the guard */
const PRODUCTION = {
  NODE_ENV: "production",
  PIN_JWT_SECRET: "topics-catalogue-test-secret-0123456789abcdef",
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/unused",
};

function env(extra: Record<string, string> = {}) {
  return {
    NODE_ENV: "test",
    KAFKA_BROKERS: kafkaBrokers().join(","),
    PIN_KAFKA_NAMESPACE: fileNamespace(),
    PIN_KAFKA_TOPIC_PARTITIONS: "2",
    ...extra,
  };
}

/** `npm run cli -- topics …` in this process: its exit code and the lines it printed. */
async function topics(argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const deps: CliBaseDeps = {
    settings: loadSettings(env()),
    log: createMemoryLogger().logger,
    out: (line) => void lines.push(line),
  };
  const code = await topicsCommand.run(argv, deps);
  return { code, lines };
}

describeWithService("kafka", "topics as code on one broker", () => {
  const admin = new Kafka({
    clientId: "topics-test",
    brokers: kafkaBrokers(),
    logLevel: logLevel.NOTHING,
  }).admin();
  const catalogue = topicCatalogue(loadSettings(env()), DLQ_TOPICS);
  const created = catalogue.find((t) => t.name.startsWith(TOPIC.bookingCreated))?.name ?? "";
  beforeAll(() => admin.connect());
  afterAll(() => admin.disconnect());

  it("topics creates the catalogue; --check then reports it in place", async () => {
    const applied = await topics([]);
    expect(applied.code).toBe(0);
    expect(applied.lines.filter((l) => l.endsWith(": created"))).toHaveLength(catalogue.length);
    const check = await topics(["--check"]);
    expect(check).toEqual({
      code: 0,
      lines: [`topics: the catalogue is in place (${catalogue.length} topics)`],
    });
    const meta = await admin.fetchTopicMetadata({ topics: [created] });
    expect(meta.topics[0]?.partitions).toHaveLength(2);
  });

  it("a topic altered by hand is drift, one line each and exit 1; topics puts back what it can", async () => {
    await admin.alterConfigs({
      validateOnly: false,
      resources: [
        {
          type: ConfigResourceTypes.TOPIC,
          name: created,
          configEntries: [{ name: "retention.ms", value: "1000" }],
        },
      ],
    });
    await admin.createPartitions({ topicPartitions: [{ topic: created, count: 3 }] });
    // the broker answers the old metadata and configs for a moment after an alteration
    await expect.poll(async () => (await topics(["--check"])).lines.length, { timeout: 15_000 }).toBe(3);
    const check = await topics(["--check"]);
    expect(check.code).toBe(1);
    expect(check.lines).toEqual([
      `${created}: 3 partitions, catalogue 2`,
      `${created}: retention.ms=1000, catalogue 604800000`,
      expect.stringMatching(/^topics: 2 differences from the catalogue/),
    ]);
    const applied = await topics([]);
    expect(applied.code).toBe(1); // Kafka cannot lower partitions: left for an operator
    expect(applied.lines).toContain(`${created}: retention.ms=1000 → 604800000`);
    expect(applied.lines.some((l) => l.includes("cannot lower a topic's partitions"))).toBe(true);
    await expect
      .poll(async () => (await topics(["--check"])).lines, { timeout: 15_000 })
      .toEqual([`${created}: 3 partitions, catalogue 2`, expect.stringMatching(/^topics: 1 differences/)]);
  });

  it("a production start refuses a topic replicated below the configured factor, naming it", async () => {
    const production = loadSettings(env({ ...PRODUCTION, PIN_KAFKA_REPLICATION_FACTOR: "2" }));
    const refused = await refuseUnderReplicatedTopics(production, DLQ_TOPICS, log).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect(String((refused as Error).message)).toMatch(
      new RegExp(
        `^Invalid setting PIN_KAFKA_REPLICATION_FACTOR: topic ${TOPIC.bookingCreated}\\S* has replication factor 1, below the configured 2 \\(and ${catalogue.length - 1} more topics\\)`,
      ),
    );
    // at the configured factor it starts; outside production it is not checked
    await refuseUnderReplicatedTopics(loadSettings(env(PRODUCTION)), DLQ_TOPICS, log);
    await refuseUnderReplicatedTopics(
      loadSettings(env({ PIN_KAFKA_REPLICATION_FACTOR: "2" })),
      DLQ_TOPICS,
      log,
    );
  });
});
