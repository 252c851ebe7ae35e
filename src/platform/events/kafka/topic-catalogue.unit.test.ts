import { describe, expect, it } from "vitest";
import { ConfigError, loadSettings } from "../../config/settings.js";
import { TOPIC } from "../topics.js";
import { type ActualTopic, topicCatalogue, topicDrift, underReplicated } from "./topic-catalogue.js";

const DLQ = ["pin.catalog.chessboard-sync-dlq.v1", "pin.crm.property-object-replica-dlq.v1"];

function settingsOf(env: Record<string, string> = {}) {
  return loadSettings({ NODE_ENV: "test", ...env });
}

/** A broker that has exactly the catalogue */
function inPlace(catalogue: ReturnType<typeof topicCatalogue>): Map<string, ActualTopic> {
  return new Map(catalogue.map((t) => [t.name, { ...t }]));
}

describe("the topic catalogue (decision 0565)", () => {
  it("holds every contract topic and every DLQ topic, with the settings' partitions, replication and configs", () => {
    const catalogue = topicCatalogue(
      settingsOf({
        PIN_KAFKA_REPLICATION_FACTOR: "3",
        PIN_KAFKA_MIN_INSYNC_REPLICAS: "2",
        PIN_KAFKA_TOPIC_PARTITIONS: "12",
        PIN_KAFKA_RETENTION_HOURS: "24",
        PIN_KAFKA_DLQ_RETENTION_HOURS: "48",
      }),
      [...DLQ, DLQ[0] ?? ""],
    );
    expect(catalogue.map((t) => t.name)).toEqual([...Object.values(TOPIC), ...DLQ]);
    expect(catalogue[0]).toEqual({
      name: TOPIC.bookingCreated,
      partitions: 12,
      replicationFactor: 3,
      configs: { "min.insync.replicas": "2", "retention.ms": String(24 * 3_600_000) },
    });
    expect(catalogue.at(-1)?.configs["retention.ms"]).toBe(String(48 * 3_600_000));
  });

  it("defaults to one replica (one development broker) and names topics in PIN_KAFKA_NAMESPACE", () => {
    const catalogue = topicCatalogue(settingsOf({ PIN_KAFKA_NAMESPACE: "ns1" }), DLQ);
    expect(catalogue.every((t) => t.replicationFactor === 1 && t.partitions === 6)).toBe(true);
    expect(catalogue.every((t) => t.configs["min.insync.replicas"] === "1")).toBe(true);
    expect(catalogue[0]?.name).toBe(`${TOPIC.bookingCreated}.ns1`);
  });

  it("refuses min.insync.replicas above the replication factor, naming the setting", () => {
    expect(() => topicCatalogue(settingsOf({ PIN_KAFKA_MIN_INSYNC_REPLICAS: "2" }), DLQ)).toThrow(
      ConfigError,
    );
    expect(() => topicCatalogue(settingsOf({ PIN_KAFKA_MIN_INSYNC_REPLICAS: "2" }), DLQ)).toThrow(
      "PIN_KAFKA_MIN_INSYNC_REPLICAS",
    );
  });
});

describe("drift", () => {
  const catalogue = topicCatalogue(
    settingsOf({ PIN_KAFKA_REPLICATION_FACTOR: "3", PIN_KAFKA_MIN_INSYNC_REPLICAS: "2" }),
    DLQ,
  );

  it("is empty when the broker has the catalogue", () => {
    expect(topicDrift(catalogue, inPlace(catalogue))).toEqual([]);
  });

  it("is one line per difference: missing, partitions, replication, each config", () => {
    const broker = inPlace(catalogue);
    broker.delete(TOPIC.bookingPaid);
    broker.set(TOPIC.bookingCreated, {
      partitions: 3,
      replicationFactor: 1,
      configs: { "min.insync.replicas": "1" },
    });
    const lines = topicDrift(catalogue, broker).map((d) => d.line);
    expect(lines).toEqual([
      `${TOPIC.bookingCreated}: 3 partitions, catalogue 6`,
      `${TOPIC.bookingCreated}: replication factor 1, catalogue 3`,
      `${TOPIC.bookingCreated}: min.insync.replicas=1, catalogue 2`,
      `${TOPIC.bookingCreated}: retention.ms=(unset), catalogue 604800000`,
      `${TOPIC.bookingPaid}: missing (catalogue: 6 partitions, replication factor 3)`,
    ]);
  });

  it("under-replicated: only existing topics below the factor, not above it nor missing ones", () => {
    const broker = inPlace(catalogue);
    broker.delete(TOPIC.bookingPaid);
    broker.set(TOPIC.bookingCreated, { partitions: 6, replicationFactor: 2, configs: {} });
    broker.set(TOPIC.bookingExpired, { partitions: 6, replicationFactor: 4, configs: {} });
    expect(underReplicated(catalogue, broker)).toEqual([
      { topic: TOPIC.bookingCreated, replicationFactor: 2, minimum: 3 },
    ]);
  });
});
