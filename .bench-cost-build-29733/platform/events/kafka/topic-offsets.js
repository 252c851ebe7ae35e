import { errorType, NOT_YET } from "./create-topics.js";
const OFFSETS_TIMEOUT_MS = 3e4;
const POLL_MS = 100;
const RETRIED = /* @__PURE__ */ new Set([...NOT_YET, "NOT_LEADER_FOR_PARTITION"]);
async function topicEnds(admin, topic, timeoutMs = OFFSETS_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    try {
      const offsets = await admin.fetchTopicOffsets(topic);
      return offsets.map((o) => ({ partition: o.partition, high: o.high }));
    } catch (e) {
      if (!RETRIED.has(errorType(e) ?? "") || Date.now() > deadline) throw e;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
export {
  topicEnds
};
//# sourceMappingURL=topic-offsets.js.map
