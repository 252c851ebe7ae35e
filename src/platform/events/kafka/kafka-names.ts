/**
 * Names on the broker (decision 0410). Topics and consumer groups are the specification's
 * (src/contracts/topics.ts, each consumer's `group`); PIN_KAFKA_NAMESPACE, when set, suffixes every
 * one of them on the broker — `<topic>.<namespace>`, `<group>.<namespace>` — so that several
 * deployments (or test runs, or test files) share one broker without meeting. Only the Kafka
 * adapter and the admin commands use the broker's names; everything above them (handlers, reader
 * contracts, dead letters, dedup keys, metrics) sees the specification's names.
 */
export interface KafkaNames {
  /** the specification's topic → its name on the broker */
  topic(name: string): string;
  /** a topic name on the broker → the specification's (names outside the namespace unchanged) */
  specTopic(brokerName: string): string;
  /** the specification's consumer group → its id on the broker */
  group(name: string): string;
}

export function kafkaNames(namespace: string | null): KafkaNames {
  if (namespace === null || namespace === "")
    return { topic: (t) => t, specTopic: (t) => t, group: (g) => g };
  const tail = `.${namespace}`;
  return {
    topic: (t) => `${t}${tail}`,
    specTopic: (t) => (t.endsWith(tail) ? t.slice(0, -tail.length) : t),
    group: (g) => `${g}${tail}`,
  };
}
