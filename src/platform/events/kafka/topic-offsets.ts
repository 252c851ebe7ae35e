import type { Admin } from "kafkajs";
import { errorType, NOT_YET } from "./create-topics.js";

const OFFSETS_TIMEOUT_MS = 30_000;
const POLL_MS = 100;
/** Also answered for a topic created a moment ago, while its partitions' leadership settles. */
const RETRIED = new Set([...NOT_YET, "NOT_LEADER_FOR_PARTITION"]);

export interface PartitionEnd {
  readonly partition: number;
  /** The offset the next record of the partition will get */
  readonly high: string;
}

/**
 * The end (high watermark) of every partition of a topic. A freshly created topic may answer
 * "not the leader" / "unknown topic" for a moment: those are retried until the deadline.
 */
export async function topicEnds(
  admin: Admin,
  topic: string,
  timeoutMs = OFFSETS_TIMEOUT_MS,
): Promise<PartitionEnd[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const offsets = await admin.fetchTopicOffsets(topic);
      return offsets.map((o) => ({ partition: o.partition, high: o.high }));
    } catch (e) {
      if (!RETRIED.has(errorType(e) ?? "") || Date.now() > deadline) throw e;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
