import type { Admin, ITopicConfig } from "kafkajs";

/** How long a freshly created topic may take to get a leader for every partition. */
const LEADERS_TIMEOUT_MS = 30_000;
const POLL_MS = 100;

/** Errors a KRaft broker answers for a topic it has created but not yet fully propagated. */
export const NOT_YET = new Set(["UNKNOWN_TOPIC_OR_PARTITION", "LEADER_NOT_AVAILABLE"]);

export function errorType(e: unknown): string | undefined {
  return typeof e === "object" && e !== null && "type" in e && typeof e.type === "string"
    ? e.type
    : undefined;
}

/**
 * Creates the topics (those that exist are left as they are) and waits until every partition has a
 * leader. kafkajs' own `waitForLeaders` retries only LEADER_NOT_AVAILABLE, but a KRaft broker may
 * answer the first metadata request after a create with UNKNOWN_TOPIC_OR_PARTITION ("This server
 * does not host this topic-partition"); that is retried here too, until a deadline.
 */
export async function createTopicsWithLeaders(
  admin: Admin,
  topics: readonly string[],
  numPartitions: number,
  timeoutMs = LEADERS_TIMEOUT_MS,
  /** more of a topic's creation: replication factor, configs (the topic catalogue, decision 0565) */
  configure: (topic: string) => Omit<ITopicConfig, "topic" | "numPartitions"> = () => ({}),
): Promise<void> {
  await admin.createTopics({
    waitForLeaders: false,
    topics: topics.map((topic) => ({ topic, numPartitions, ...configure(topic) })),
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics: [...topics] });
      const ready =
        meta.length === topics.length &&
        meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0));
      if (ready) return;
    } catch (e) {
      if (!NOT_YET.has(errorType(e) ?? "")) throw e;
    }
    if (Date.now() > deadline) {
      throw new Error(`topics ${topics.join(", ")} have no leader for every partition after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
