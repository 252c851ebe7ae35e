import { createTopicsWithLeaders } from "./create-topics.js";
import { topicDrift } from "./topic-catalogue.js";
const TOPIC_RESOURCE = 2;
async function readTopics(admin, names) {
  const existing = new Set(await admin.listTopics());
  const present = names.filter((n) => existing.has(n));
  const actual = /* @__PURE__ */ new Map();
  if (present.length === 0) return actual;
  const { topics } = await admin.fetchTopicMetadata({ topics: present });
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: present.map((name) => ({
      type: TOPIC_RESOURCE,
      name,
      configNames: ["min.insync.replicas", "retention.ms"]
    }))
  });
  const configsOf = new Map(
    described.resources.map((r) => [
      r.resourceName,
      Object.fromEntries(r.configEntries.map((e) => [e.configName, e.configValue]))
    ])
  );
  for (const t of topics) {
    actual.set(t.name, {
      partitions: t.partitions.length,
      replicationFactor: Math.min(...t.partitions.map((p) => p.replicas.length)),
      configs: configsOf.get(t.name) ?? {}
    });
  }
  return actual;
}
async function applyCatalogue(admin, catalogue) {
  const byName = new Map(catalogue.map((t) => [t.name, t]));
  const before = await readTopics(admin, [...byName.keys()]);
  const drift = topicDrift(catalogue, before);
  const changed = [];
  const left = [];
  const missing = drift.filter((d) => d.kind === "missing").map((d) => d.topic);
  if (missing.length > 0) {
    const partitions = byName.get(missing[0] ?? "")?.partitions ?? 1;
    await createTopicsWithLeaders(admin, missing, partitions, void 0, (topic) => {
      const spec = byName.get(topic);
      return {
        replicationFactor: spec?.replicationFactor ?? -1,
        configEntries: Object.entries(spec?.configs ?? {}).map(([name, value]) => ({ name, value }))
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
      changed.push(`${d.topic}: partitions ${have.partitions} \u2192 ${spec.partitions}`);
    } else if (d.kind === "config") {
      changed.push(`${d.line.replace(", catalogue ", " \u2192 ")}`);
    } else {
      left.push(
        `${d.line} (not changed by \`topics\`: ${d.kind === "partitions" ? "Kafka cannot lower a topic's partitions" : "a partition reassignment, kafka-reassign-partitions.sh"})`
      );
    }
  }
  const alter = [...new Set(drift.filter((d) => d.kind === "config").map((d) => d.topic))];
  if (alter.length > 0) {
    await admin.alterConfigs({
      validateOnly: false,
      resources: alter.map((name) => ({
        type: TOPIC_RESOURCE,
        name,
        configEntries: Object.entries(byName.get(name)?.configs ?? {}).map(([n, value]) => ({
          name: n,
          value
        }))
      }))
    });
  }
  return { changed, left };
}
export {
  applyCatalogue,
  readTopics
};
//# sourceMappingURL=topic-admin.js.map
