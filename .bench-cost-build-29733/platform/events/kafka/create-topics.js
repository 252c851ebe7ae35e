const LEADERS_TIMEOUT_MS = 3e4;
const POLL_MS = 100;
const NOT_YET = /* @__PURE__ */ new Set(["UNKNOWN_TOPIC_OR_PARTITION", "LEADER_NOT_AVAILABLE"]);
function errorType(e) {
  return typeof e === "object" && e !== null && "type" in e && typeof e.type === "string" ? e.type : void 0;
}
async function createTopicsWithLeaders(admin, topics, numPartitions, timeoutMs = LEADERS_TIMEOUT_MS, configure = () => ({})) {
  await admin.createTopics({
    waitForLeaders: false,
    topics: topics.map((topic) => ({ topic, numPartitions, ...configure(topic) }))
  });
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    try {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics: [...topics] });
      const ready = meta.length === topics.length && meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0));
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
export {
  NOT_YET,
  createTopicsWithLeaders,
  errorType
};
//# sourceMappingURL=create-topics.js.map
