import { Partitioners } from "kafkajs";
import { describe, expect, it } from "vitest";
import { unansweredPartitions, withPartitions } from "./complete-send.js";

describe("complete sends (kafkajs #1303 guard)", () => {
  it("gives each message the partition the client's default partitioner would have chosen for its key", () => {
    const keys = Array.from({ length: 50 }, (_, i) => `key-${i}`);
    const [batch] = withPartitions(
      [{ topic: "t", messages: keys.map((key) => ({ key, value: "v" })) }],
      () => 6,
    );
    const partitioner = Partitioners.DefaultPartitioner();
    const partitionMetadata = Array.from({ length: 6 }, (_, partitionId) => ({
      partitionId,
      leader: 1,
      partitionErrorCode: 0,
      replicas: [1],
      isr: [1],
    }));
    for (const m of batch?.messages ?? [])
      expect(m.partition).toBe(
        partitioner({ topic: "t", partitionMetadata, message: { key: m.key, value: "v" } }),
      );
    expect(new Set(batch?.messages.map((m) => m.partition)).size).toBeGreaterThan(1);
  });

  it("names every partition written to that has no clean answer: the one a retry skipped, the one that answered an error", () => {
    const batches = [
      { topic: "a", messages: [{ partition: 0 }, { partition: 1 }, { partition: 1 }] },
      { topic: "b", messages: [{ partition: 2 }] },
    ];
    const ok = (topicName: string, partition: number, errorCode = 0) => ({ topicName, partition, errorCode });
    expect(unansweredPartitions(batches, [ok("a", 0), ok("a", 1), ok("b", 2)])).toEqual([]);
    expect(unansweredPartitions(batches, [ok("a", 0), ok("b", 2)])).toEqual(["a[1]"]);
    expect(unansweredPartitions(batches, [ok("a", 0), ok("a", 1), ok("b", 2, 6)])).toEqual(["b[2]"]);
  });
});
