import { ConfigError } from "../../config/settings.js";
import { TOPIC } from "../topics.js";
import { kafkaNames } from "./kafka-names.js";
const HOUR_MS = 36e5;
function topicCatalogue(settings, dlqTopics) {
  if (settings.kafkaMinInsyncReplicas > settings.kafkaReplicationFactor) {
    throw new ConfigError(
      "PIN_KAFKA_MIN_INSYNC_REPLICAS",
      `${settings.kafkaMinInsyncReplicas} is above PIN_KAFKA_REPLICATION_FACTOR (${settings.kafkaReplicationFactor}): no write with acks=all could succeed`
    );
  }
  const names = kafkaNames(settings.kafkaNamespace);
  const spec = (topic, retentionHours) => ({
    name: names.topic(topic),
    partitions: settings.kafkaTopicPartitions,
    replicationFactor: settings.kafkaReplicationFactor,
    configs: {
      "min.insync.replicas": String(settings.kafkaMinInsyncReplicas),
      "retention.ms": String(retentionHours * HOUR_MS)
    }
  });
  const events = Object.values(TOPIC).map((t) => spec(t, settings.kafkaRetentionHours));
  const dlq = [...new Set(dlqTopics)].sort().map((t) => spec(t, settings.kafkaDlqRetentionHours));
  return [...events, ...dlq];
}
function topicDrift(catalogue, actual) {
  const drift = [];
  for (const want of catalogue) {
    const have = actual.get(want.name);
    const add = (kind, line) => drift.push({ topic: want.name, kind, line });
    if (!have) {
      add(
        "missing",
        `${want.name}: missing (catalogue: ${want.partitions} partitions, replication factor ${want.replicationFactor})`
      );
      continue;
    }
    if (have.partitions !== want.partitions)
      add("partitions", `${want.name}: ${have.partitions} partitions, catalogue ${want.partitions}`);
    if (have.replicationFactor !== want.replicationFactor)
      add(
        "replication",
        `${want.name}: replication factor ${have.replicationFactor}, catalogue ${want.replicationFactor}`
      );
    for (const [key, value] of Object.entries(want.configs)) {
      if (have.configs[key] !== value)
        add("config", `${want.name}: ${key}=${have.configs[key] ?? "(unset)"}, catalogue ${value}`);
    }
  }
  return drift;
}
function underReplicated(catalogue, actual) {
  return catalogue.flatMap((want) => {
    const have = actual.get(want.name);
    return have && have.replicationFactor < want.replicationFactor ? [{ topic: want.name, replicationFactor: have.replicationFactor, minimum: want.replicationFactor }] : [];
  });
}
export {
  topicCatalogue,
  topicDrift,
  underReplicated
};
//# sourceMappingURL=topic-catalogue.js.map
