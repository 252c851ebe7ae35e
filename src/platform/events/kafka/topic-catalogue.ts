import { ConfigError, type Settings } from "../../config/settings.js";
import { TOPIC } from "../topics.js";
import { kafkaNames } from "./kafka-names.js";

/**
 * The topic catalogue as code (issue #40 item 5, decision 0565): every event topic of the contracts
 * and every consumer group's DLQ topic, with its partitions, replication factor and the configs
 * PIN manages (min.insync.replicas, retention.ms). Pure: `npm run cli -- topics` applies it through
 * the admin (topic-admin.ts), `--check` compares it with the broker (topicDrift), and a production
 * start refuses a topic replicated below it (replication-guard.ts).
 */
export interface TopicSpec {
  /** the name on the broker (PIN_KAFKA_NAMESPACE applied) */
  readonly name: string;
  readonly partitions: number;
  readonly replicationFactor: number;
  /** the topic-level configs PIN manages, as the broker spells them */
  readonly configs: Readonly<Record<string, string>>;
}

/** A topic as the broker has it (configs: only those the catalogue manages). */
export interface ActualTopic {
  readonly partitions: number;
  /** the smallest replica count over its partitions */
  readonly replicationFactor: number;
  readonly configs: Readonly<Record<string, string>>;
}

export type CatalogueSettings = Pick<
  Settings,
  | "kafkaNamespace"
  | "kafkaTopicPartitions"
  | "kafkaReplicationFactor"
  | "kafkaMinInsyncReplicas"
  | "kafkaRetentionHours"
  | "kafkaDlqRetentionHours"
>;

const HOUR_MS = 3_600_000;

/** The catalogue for these settings; `dlqTopics` are the consumers' DLQ topics (spec names). */
export function topicCatalogue(settings: CatalogueSettings, dlqTopics: readonly string[]): TopicSpec[] {
  if (settings.kafkaMinInsyncReplicas > settings.kafkaReplicationFactor) {
    throw new ConfigError(
      "PIN_KAFKA_MIN_INSYNC_REPLICAS",
      `${settings.kafkaMinInsyncReplicas} is above PIN_KAFKA_REPLICATION_FACTOR (${settings.kafkaReplicationFactor}): no write with acks=all could succeed`,
    );
  }
  const names = kafkaNames(settings.kafkaNamespace);
  const spec = (topic: string, retentionHours: number): TopicSpec => ({
    name: names.topic(topic),
    partitions: settings.kafkaTopicPartitions,
    replicationFactor: settings.kafkaReplicationFactor,
    configs: {
      "min.insync.replicas": String(settings.kafkaMinInsyncReplicas),
      "retention.ms": String(retentionHours * HOUR_MS),
    },
  });
  const events = Object.values(TOPIC).map((t) => spec(t, settings.kafkaRetentionHours));
  const dlq = [...new Set(dlqTopics)].sort().map((t) => spec(t, settings.kafkaDlqRetentionHours));
  return [...events, ...dlq];
}

export type DriftKind = "missing" | "partitions" | "replication" | "config";

export interface Drift {
  readonly topic: string;
  readonly kind: DriftKind;
  /** one line for the operator */
  readonly line: string;
}

/** Every difference between the catalogue and the broker, one per topic and property. */
export function topicDrift(
  catalogue: readonly TopicSpec[],
  actual: ReadonlyMap<string, ActualTopic>,
): Drift[] {
  const drift: Drift[] = [];
  for (const want of catalogue) {
    const have = actual.get(want.name);
    const add = (kind: DriftKind, line: string) => drift.push({ topic: want.name, kind, line });
    if (!have) {
      add(
        "missing",
        `${want.name}: missing (catalogue: ${want.partitions} partitions, replication factor ${want.replicationFactor})`,
      );
      continue;
    }
    if (have.partitions !== want.partitions)
      add("partitions", `${want.name}: ${have.partitions} partitions, catalogue ${want.partitions}`);
    if (have.replicationFactor !== want.replicationFactor)
      add(
        "replication",
        `${want.name}: replication factor ${have.replicationFactor}, catalogue ${want.replicationFactor}`,
      );
    for (const [key, value] of Object.entries(want.configs)) {
      if (have.configs[key] !== value)
        add("config", `${want.name}: ${key}=${have.configs[key] ?? "(unset)"}, catalogue ${value}`);
    }
  }
  return drift;
}

/** Catalogue topics on the broker replicated below the configured factor (a production start refuses). */
export function underReplicated(
  catalogue: readonly TopicSpec[],
  actual: ReadonlyMap<string, ActualTopic>,
): Array<{ topic: string; replicationFactor: number; minimum: number }> {
  return catalogue.flatMap((want) => {
    const have = actual.get(want.name);
    return have && have.replicationFactor < want.replicationFactor
      ? [{ topic: want.name, replicationFactor: have.replicationFactor, minimum: want.replicationFactor }]
      : [];
  });
}
