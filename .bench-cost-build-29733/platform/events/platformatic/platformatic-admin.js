import { ListOffsetTimestamps } from "@platformatic/kafka";
const LEADERS_TIMEOUT_MS = 3e4;
const POLL_MS = 100;
const NOT_YET = /* @__PURE__ */ new Set(["UNKNOWN_TOPIC_OR_PARTITION", "LEADER_NOT_AVAILABLE", "NOT_LEADER_OR_FOLLOWER"]);
const MAX_DEPTH = 6;
function hasApiError(error, names) {
  const queue = [{ e: error, depth: 0 }];
  while (queue.length > 0) {
    const { e, depth } = queue.shift();
    if (!e || typeof e !== "object" || depth > MAX_DEPTH) continue;
    const f = e;
    if (typeof f.apiId === "string" && names.has(f.apiId)) return true;
    if (Array.isArray(f.errors))
      for (const inner of f.errors.slice(0, 10)) queue.push({ e: inner, depth: depth + 1 });
    queue.push({ e: f.cause, depth: depth + 1 });
  }
  return false;
}
const EXISTS = /* @__PURE__ */ new Set(["TOPIC_ALREADY_EXISTS"]);
async function createTopicsWithLeaders(admin, topics, partitions, timeoutMs = LEADERS_TIMEOUT_MS) {
  for (const topic of topics) {
    try {
      await admin.createTopics({ topics: [topic], partitions, replicas: -1 });
    } catch (error) {
      if (!hasApiError(error, EXISTS)) throw error;
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    try {
      const meta = await admin.metadata({ topics: [...topics], forceUpdate: true });
      const ready = topics.every((t) => {
        const m = meta.topics.get(t);
        return m !== void 0 && m.partitions.length > 0 && m.partitions.every((p) => p.leader >= 0);
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
async function partitionCount(admin, topic) {
  const meta = await admin.metadata({ topics: [topic] });
  return meta.topics.get(topic)?.partitionsCount ?? 0;
}
async function offsetsAt(admin, topic, timestamp, timeoutMs = LEADERS_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    try {
      const count = await partitionCount(admin, topic);
      const listed = await admin.listOffsets({
        topics: [
          {
            name: topic,
            partitions: Array.from({ length: count }, (_, i) => ({ partitionIndex: i, timestamp }))
          }
        ]
      });
      return (listed.find((t) => t.name === topic)?.partitions ?? []).map((p) => ({ partition: p.partitionIndex, offset: p.offset.toString() })).sort((a, b) => a.partition - b.partition);
    } catch (error) {
      if (!hasApiError(error, NOT_YET) || Date.now() > deadline) throw error;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
async function watermarks(admin, topic) {
  const [low, high] = await Promise.all([
    offsetsAt(admin, topic, ListOffsetTimestamps.EARLIEST),
    offsetsAt(admin, topic, ListOffsetTimestamps.LATEST)
  ]);
  return high.map((h) => ({
    partition: h.partition,
    high: h.offset,
    low: low.find((l) => l.partition === h.partition)?.offset ?? "0"
  }));
}
async function committedOffsets(admin, groupId, topics) {
  const [group] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
  const wanted = new Set(topics);
  const out = /* @__PURE__ */ new Map();
  for (const t of (group?.topics ?? []).filter((x) => wanted.has(x.name)))
    for (const p of t.partitions)
      if (p.committedOffset >= 0n) out.set(`${t.name}:${p.partitionIndex}`, p.committedOffset.toString());
  return out;
}
async function groupLag(admin, groupId, topic) {
  const [marks, committed] = await Promise.all([
    watermarks(admin, topic),
    committedOffsets(admin, groupId, [topic])
  ]);
  let lag = 0n;
  for (const m of marks) lag += BigInt(m.high) - BigInt(committed.get(`${topic}:${m.partition}`) ?? m.low);
  return Number(lag);
}
async function resetGroupOffsets(admin, groupId, topic, from) {
  const at = from === "beginning" ? await offsetsAt(admin, topic, ListOffsetTimestamps.EARLIEST) : from === "end" ? await offsetsAt(admin, topic, ListOffsetTimestamps.LATEST) : await offsetsAt(admin, topic, BigInt(from.getTime()));
  const ends = at.some((p) => p.offset === "-1") ? await offsetsAt(admin, topic, ListOffsetTimestamps.LATEST) : [];
  await admin.alterConsumerGroupOffsets({
    groupId,
    topics: [
      {
        name: topic,
        partitionOffsets: at.map((p) => ({
          partition: p.partition,
          offset: BigInt(
            p.offset === "-1" ? ends.find((e) => e.partition === p.partition)?.offset ?? "0" : p.offset
          )
        }))
      }
    ]
  });
  return at.length;
}
export {
  committedOffsets,
  createTopicsWithLeaders,
  groupLag,
  hasApiError,
  offsetsAt,
  partitionCount,
  resetGroupOffsets,
  watermarks
};
//# sourceMappingURL=platformatic-admin.js.map
