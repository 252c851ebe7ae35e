import type { Admin } from "@platformatic/kafka";
import { ListOffsetTimestamps } from "@platformatic/kafka";

/**
 * The admin work of the @platformatic/kafka adapter (decision 0430): topics with a leader for
 * every partition, partition ends, a group's committed offsets, and group resets for the CLI.
 * Offsets are decimal strings at this edge, as in the kafkajs adapter and the runtime.
 */
const LEADERS_TIMEOUT_MS = 30_000;
const POLL_MS = 100;
/** What a KRaft broker answers for a topic created a moment ago, while its leaders settle. */
const NOT_YET = new Set(["UNKNOWN_TOPIC_OR_PARTITION", "LEADER_NOT_AVAILABLE", "NOT_LEADER_OR_FOLLOWER"]);
const MAX_DEPTH = 6;

/** Whether `error` (or anything it wraps) is the Kafka protocol error named `apiId`. */
export function hasApiError(error: unknown, names: ReadonlySet<string>): boolean {
  const queue: Array<{ e: unknown; depth: number }> = [{ e: error, depth: 0 }];
  while (queue.length > 0) {
    const { e, depth } = queue.shift() as { e: unknown; depth: number };
    if (!e || typeof e !== "object" || depth > MAX_DEPTH) continue;
    const f = e as { apiId?: unknown; errors?: unknown; cause?: unknown };
    if (typeof f.apiId === "string" && names.has(f.apiId)) return true;
    if (Array.isArray(f.errors))
      for (const inner of f.errors.slice(0, 10)) queue.push({ e: inner, depth: depth + 1 });
    queue.push({ e: f.cause, depth: depth + 1 });
  }
  return false;
}

const EXISTS = new Set(["TOPIC_ALREADY_EXISTS"]);

/** Creates the topics (existing ones are left alone) and waits until every partition has a leader. */
export async function createTopicsWithLeaders(
  admin: Admin,
  topics: readonly string[],
  partitions: number,
  timeoutMs = LEADERS_TIMEOUT_MS,
): Promise<void> {
  for (const topic of topics) {
    try {
      await admin.createTopics({ topics: [topic], partitions, replicas: -1 });
    } catch (error) {
      if (!hasApiError(error, EXISTS)) throw error;
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const meta = await admin.metadata({ topics: [...topics], forceUpdate: true });
      const ready = topics.every((t) => {
        const m = meta.topics.get(t);
        return m !== undefined && m.partitions.length > 0 && m.partitions.every((p) => p.leader >= 0);
      });
      if (ready) return;
    } catch (error) {
      if (!hasApiError(error, NOT_YET)) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`topics ${topics.join(", ")} have no leader for every partition after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export async function partitionCount(admin: Admin, topic: string): Promise<number> {
  const meta = await admin.metadata({ topics: [topic] });
  return meta.topics.get(topic)?.partitionsCount ?? 0;
}

/** Offsets of every partition of `topic` at `timestamp` (LATEST: the end, EARLIEST: the start). */
export async function offsetsAt(
  admin: Admin,
  topic: string,
  timestamp: bigint,
  timeoutMs = LEADERS_TIMEOUT_MS,
): Promise<Array<{ partition: number; offset: string }>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const count = await partitionCount(admin, topic);
      const listed = await admin.listOffsets({
        topics: [
          {
            name: topic,
            partitions: Array.from({ length: count }, (_, i) => ({ partitionIndex: i, timestamp })),
          },
        ],
      });
      return (listed.find((t) => t.name === topic)?.partitions ?? [])
        .map((p) => ({ partition: p.partitionIndex, offset: p.offset.toString() }))
        .sort((a, b) => a.partition - b.partition);
    } catch (error) {
      if (!hasApiError(error, NOT_YET) || Date.now() > deadline) throw error;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The high and low watermark of every partition of `topic`. */
export async function watermarks(
  admin: Admin,
  topic: string,
): Promise<Array<{ partition: number; low: string; high: string }>> {
  const [low, high] = await Promise.all([
    offsetsAt(admin, topic, ListOffsetTimestamps.EARLIEST),
    offsetsAt(admin, topic, ListOffsetTimestamps.LATEST),
  ]);
  return high.map((h) => ({
    partition: h.partition,
    high: h.offset,
    low: low.find((l) => l.partition === h.partition)?.offset ?? "0",
  }));
}

/** The group's committed offset per "topic:partition" (absent: nothing committed yet). */
export async function committedOffsets(
  admin: Admin,
  groupId: string,
  topics: readonly string[],
): Promise<Map<string, string>> {
  const [group] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
  const wanted = new Set(topics);
  const out = new Map<string, string>();
  for (const t of (group?.topics ?? []).filter((x) => wanted.has(x.name)))
    for (const p of t.partitions)
      if (p.committedOffset >= 0n) out.set(`${t.name}:${p.partitionIndex}`, p.committedOffset.toString());
  return out;
}

/** Records of `topic` the group has yet to read (its lag): high watermark minus committed offset, summed. */
export async function groupLag(admin: Admin, groupId: string, topic: string): Promise<number> {
  const [marks, committed] = await Promise.all([
    watermarks(admin, topic),
    committedOffsets(admin, groupId, [topic]),
  ]);
  let lag = 0n;
  for (const m of marks) lag += BigInt(m.high) - BigInt(committed.get(`${topic}:${m.partition}`) ?? m.low);
  return Number(lag);
}

/**
 * Moves a stopped group's offsets of `topic` to the start, to the end, or to the first record
 * at/after `from`, by OffsetCommit (no member joins the group: decision 0495).
 */
export async function resetGroupOffsets(
  admin: Admin,
  groupId: string,
  topic: string,
  from: "beginning" | "end" | Date,
): Promise<number> {
  const at =
    from === "beginning"
      ? await offsetsAt(admin, topic, ListOffsetTimestamps.EARLIEST)
      : from === "end"
        ? await offsetsAt(admin, topic, ListOffsetTimestamps.LATEST)
        : await offsetsAt(admin, topic, BigInt(from.getTime()));
  // A timestamp after the last record answers -1: that partition is moved to its end.
  const ends = at.some((p) => p.offset === "-1")
    ? await offsetsAt(admin, topic, ListOffsetTimestamps.LATEST)
    : [];
  await admin.alterConsumerGroupOffsets({
    groupId,
    topics: [
      {
        name: topic,
        partitionOffsets: at.map((p) => ({
          partition: p.partition,
          offset: BigInt(
            p.offset === "-1" ? (ends.find((e) => e.partition === p.partition)?.offset ?? "0") : p.offset,
          ),
        })),
      },
    ],
  });
  return at.length;
}
