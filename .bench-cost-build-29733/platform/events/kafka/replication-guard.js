import { Kafka, logLevel } from "kafkajs";
import { ConfigError } from "../../config/settings.js";
import { PLAINTEXT } from "../kafka-security.js";
import { kafkajsSecurity } from "./kafkajs-security.js";
import { readTopics } from "./topic-admin.js";
import { topicCatalogue, underReplicated } from "./topic-catalogue.js";
const CHECK_TIMEOUT_MS = 1e4;
async function refuseUnderReplicatedTopics(settings, dlqTopics, log, security = PLAINTEXT) {
  if (settings.nodeEnv !== "production" || !settings.kafkaBrokers) return;
  const catalogue = topicCatalogue(settings, dlqTopics);
  const admin = new Kafka({
    clientId: "pin-replication-guard",
    brokers: settings.kafkaBrokers.split(",").map((b) => b.trim()),
    ...kafkajsSecurity(security),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3e3,
    requestTimeout: 5e3,
    retry: { retries: 1 }
  }).admin();
  let timer;
  try {
    const read = async () => {
      await admin.connect();
      return readTopics(
        admin,
        catalogue.map((t) => t.name)
      );
    };
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS);
    });
    const actual = await Promise.race([read(), timeout]).catch(() => null);
    if (actual === null) {
      log.warn(
        { brokers: settings.kafkaBrokers },
        "topic replication not checked: the broker did not answer"
      );
      return;
    }
    const low = underReplicated(catalogue, actual);
    const first = low[0];
    if (first) {
      throw new ConfigError(
        "PIN_KAFKA_REPLICATION_FACTOR",
        `topic ${first.topic} has replication factor ${first.replicationFactor}, below the configured ${first.minimum}${low.length > 1 ? ` (and ${low.length - 1} more topics)` : ""}; raise it (kafka-reassign-partitions.sh) or lower the setting`
      );
    }
  } finally {
    clearTimeout(timer);
    await admin.disconnect().catch(() => void 0);
  }
}
export {
  refuseUnderReplicatedTopics
};
//# sourceMappingURL=replication-guard.js.map
