import { Kafka, logLevel } from "kafkajs";
import { DLQ_TOPICS } from "../consumers/dlq-topics.js";
import { applyCatalogue, readTopics } from "../platform/events/kafka/topic-admin.js";
import { topicCatalogue, topicDrift } from "../platform/events/kafka/topic-catalogue.js";
import type { CliCommand } from "./command.js";

/**
 * Topics as code (issue #40 item 5, decision 0565): the catalogue (every event topic and DLQ topic,
 * partitions, replication factor, min.insync.replicas, retention) applied to KAFKA_BROKERS, or with
 * `--check` compared with it: one line per difference, exit 1 on drift, nothing changed.
 */
export const command: CliCommand = {
  name: "topics",
  summary: "Apply the Kafka topic catalogue (partitions, replication, min.insync.replicas, retention, DLQs)",
  usage:
    "topics            create missing topics, raise partitions, set configs\ntopics --check    report drift (one line each, exit 1 on drift), change nothing",
  async run(argv, deps) {
    const unknown = argv.filter((a) => a !== "--check");
    if (unknown.length > 0) {
      console.error(`topics: unknown argument ${unknown[0]} (usage: topics [--check])`);
      return 2;
    }
    const { settings } = deps;
    if (!settings.kafkaBrokers) {
      console.error(
        "topics: KAFKA_BROKERS is empty: there is no broker to provision (the local event log has no topics)",
      );
      return 2;
    }
    const catalogue = topicCatalogue(settings, DLQ_TOPICS);
    const admin = new Kafka({
      clientId: "pin-topics",
      brokers: settings.kafkaBrokers.split(",").map((b) => b.trim()),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      if (argv.includes("--check")) {
        const drift = topicDrift(
          catalogue,
          await readTopics(
            admin,
            catalogue.map((t) => t.name),
          ),
        );
        for (const d of drift) console.log(d.line);
        console.log(
          drift.length === 0
            ? `topics: the catalogue is in place (${catalogue.length} topics)`
            : `topics: ${drift.length} differences from the catalogue (${catalogue.length} topics); \`npm run cli -- topics\` applies it`,
        );
        return drift.length === 0 ? 0 : 1;
      }
      const { changed, left } = await applyCatalogue(admin, catalogue);
      for (const line of [...changed, ...left]) console.log(line);
      console.log(
        `topics: ${catalogue.length} topics in the catalogue, ${changed.length} changes made${left.length > 0 ? `, ${left.length} left for an operator` : ""}`,
      );
      return left.length === 0 ? 0 : 1;
    } finally {
      await admin.disconnect();
    }
  },
};
