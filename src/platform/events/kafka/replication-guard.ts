import { Kafka, logLevel } from "kafkajs";
import { ConfigError, type Settings } from "../../config/settings.js";
import type { Logger } from "../../log/logger.js";
import { type KafkaSecurity, PLAINTEXT } from "../kafka-security.js";
import { kafkajsSecurity } from "./kafkajs-security.js";
import { readTopics } from "./topic-admin.js";
import { type CatalogueSettings, topicCatalogue, underReplicated } from "./topic-catalogue.js";

/** A start does not wait long for the check: an unreachable broker is the transport's to wait out. */
const CHECK_TIMEOUT_MS = 10_000;

export type ReplicationGuardSettings = CatalogueSettings & Pick<Settings, "nodeEnv" | "kafkaBrokers">;

/**
 * A production start on Kafka refuses a catalogue topic replicated below PIN_KAFKA_REPLICATION_FACTOR
 * (issue #40 item 5, decision 0566): a ConfigError naming the topic, which main prints as one line
 * before it exits non-zero. Topics not created yet are not checked (`npm run cli -- topics` creates
 * them with the factor). A broker that does not answer within 10 s skips the check with a warning:
 * the transport waits for the broker as before (startup order, issue #21).
 */
export async function refuseUnderReplicatedTopics(
  settings: ReplicationGuardSettings,
  dlqTopics: readonly string[],
  log: Logger,
  security: KafkaSecurity = PLAINTEXT,
): Promise<void> {
  if (settings.nodeEnv !== "production" || !settings.kafkaBrokers) return;
  const catalogue = topicCatalogue(settings, dlqTopics);
  const admin = new Kafka({
    clientId: "pin-replication-guard",
    brokers: settings.kafkaBrokers.split(",").map((b) => b.trim()),
    ...kafkajsSecurity(security),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3_000,
    requestTimeout: 5_000,
    retry: { retries: 1 },
  }).admin();
  let timer: NodeJS.Timeout | undefined;
  try {
    const read = async () => {
      await admin.connect();
      return readTopics(
        admin,
        catalogue.map((t) => t.name),
      );
    };
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS);
    });
    const actual = await Promise.race([read(), timeout]).catch(() => null);
    if (actual === null) {
      log.warn(
        { brokers: settings.kafkaBrokers },
        "topic replication not checked: the broker did not answer",
      );
      return;
    }
    const low = underReplicated(catalogue, actual);
    const first = low[0];
    if (first) {
      throw new ConfigError(
        "PIN_KAFKA_REPLICATION_FACTOR",
        `topic ${first.topic} has replication factor ${first.replicationFactor}, below the configured ${first.minimum}${low.length > 1 ? ` (and ${low.length - 1} more topics)` : ""}; raise it (kafka-reassign-partitions.sh) or lower the setting`,
      );
    }
  } finally {
    clearTimeout(timer);
    await admin.disconnect().catch(() => undefined);
  }
}
