import type { Admin, ConfigResourceTypes } from "kafkajs";
import { createTopicsWithLeaders } from "./create-topics.js";
import type { ActualTopic, TopicSpec } from "./topic-catalogue.js";
import { topicDrift } from "./topic-catalogue.js";

/**
 * kafkajs' ConfigResourceTypes.TOPIC. kafkajs is CommonJS and Node's ESM loader does not see that
 * enum as a named export (`npm start` failed to load this module with it; vitest did not).
 */
const TOPIC_RESOURCE = 2 as ConfigResourceTypes;

/**
 * The topic catalogue against a broker, through the kafkajs admin (decision 0565): what the
 * broker has of the catalogue's topics, and applying the catalogue (create what is missing, raise
 * partitions, set the managed configs). A replication factor that differs is reported, not
 * changed: that is a partition reassignment (kafka-reassign-partitions.sh), an operator's move.
 */
export async function readTopics(admin: Admin, names: readonly string[]): Promise<Map<string, ActualTopic>> {
  const existing = new Set(await admin.listTopics());
  const present = names.filter((n) => existing.has(n));
  const actual = new Map<string, ActualTopic>();
  if (present.length === 0) return actual;
  const { topics } = await admin.fetchTopicMetadata({ topics: present });
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: present.map((name) => ({
      type: TOPIC_RESOURCE,
      name,
      configNames: ["min.insync.replicas", "retention.ms"],
    })),
  });
  const configsOf = new Map(
    described.resources.map((r) => [
      r.resourceName,
      Object.fromEntries(r.configEntries.map((e) => [e.configName, e.configValue])),
    ]),
  );
  for (const t of topics) {
    actual.set(t.name, {
      partitions: t.partitions.length,
      replicationFactor: Math.min(...t.partitions.map((p) => p.replicas.length)),
      configs: configsOf.get(t.name) ?? {},
    });
  }
  return actual;
}

export interface ApplyResult {
  /** one line per change made */
  readonly changed: string[];
  /** one line per difference `topics` does not change (replication factor, fewer partitions) */
  readonly left: string[];
}

/** Brings the broker to the catalogue where an admin can; returns what it did and what it left. */
export async function applyCatalogue(admin: Admin, catalogue: readonly TopicSpec[]): Promise<ApplyResult> {
  const byName = new Map(catalogue.map((t) => [t.name, t]));
  const before = await readTopics(admin, [...byName.keys()]);
  const drift = topicDrift(catalogue, before);
  const changed: string[] = [];
  const left: string[] = [];
  const missing = drift.filter((d) => d.kind === "missing").map((d) => d.topic);
  if (missing.length > 0) {
    const partitions = byName.get(missing[0] ?? "")?.partitions ?? 1;
    await createTopicsWithLeaders(admin, missing, partitions, undefined, (topic) => {
      const spec = byName.get(topic);
      return {
        replicationFactor: spec?.replicationFactor ?? -1,
        configEntries: Object.entries(spec?.configs ?? {}).map(([name, value]) => ({ name, value })),
      };
    });
    for (const topic of missing) changed.push(`${topic}: created`);
  }
  for (const d of drift) {
    const spec = byName.get(d.topic);
    const have = before.get(d.topic);
    if (!spec || !have || d.kind === "missing") continue;
    if (d.kind === "partitions" && have.partitions < spec.partitions) {
      await admin.createPartitions({ topicPartitions: [{ topic: d.topic, count: spec.partitions }] });
      changed.push(`${d.topic}: partitions ${have.partitions} → ${spec.partitions}`);
    } else if (d.kind === "config") {
      changed.push(`${d.line.replace(", catalogue ", " → ")}`);
    } else {
      left.push(
        `${d.line} (not changed by \`topics\`: ${d.kind === "partitions" ? "Kafka cannot lower a topic's partitions" : "a partition reassignment, kafka-reassign-partitions.sh"})`,
      );
    }
  }
  // AlterConfigs sets a topic's overrides as a whole: every managed config of a drifted topic at once.
  const alter = [...new Set(drift.filter((d) => d.kind === "config").map((d) => d.topic))];
  if (alter.length > 0) {
    await admin.alterConfigs({
      validateOnly: false,
      resources: alter.map((name) => ({
        type: TOPIC_RESOURCE,
        name,
        configEntries: Object.entries(byName.get(name)?.configs ?? {}).map(([n, value]) => ({
          name: n,
          value,
        })),
      })),
    });
  }
  return { changed, left };
}
