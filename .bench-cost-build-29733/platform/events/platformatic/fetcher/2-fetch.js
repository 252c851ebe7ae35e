import { MemberStalledError, withDeadline } from "../deadline.js";
import { hasApiError } from "../platformatic-admin.js";
import { loadPositions } from "./1-assign.js";
import { take } from "./3-dispatch.js";
import { retryCommits } from "./4-commit.js";
import { fail, served, waitForWork, wake } from "./state.js";
const MAX_FETCH_FAILURES = 5;
const FETCH_BACKOFF_MS = 200;
const STALE_METADATA = /* @__PURE__ */ new Set([
  "NOT_LEADER_OR_FOLLOWER",
  "LEADER_NOT_AVAILABLE",
  "FENCED_LEADER_EPOCH",
  "UNKNOWN_LEADER_EPOCH",
  "UNKNOWN_TOPIC_OR_PARTITION",
  "UNKNOWN_TOPIC_ID"
]);
const OUT_OF_RANGE = /* @__PURE__ */ new Set(["OFFSET_OUT_OF_RANGE"]);
async function fetchLoop(s) {
  while (!s.stopped && s.failure === null) {
    const ready = [...s.tokens.keys()].filter(
      (k) => s.positions.has(k) && !s.busy.has(k) && !s.paused.has(k)
    );
    if (ready.length > 0) {
      try {
        const metadata = await withDeadline(
          s.consumer.metadata({ topics: s.topics }),
          s.spec.deadlines.callMs,
          "metadata"
        );
        for (const [node, keys] of byLeader(s, ready, metadata)) {
          s.inFlightNodes.add(node);
          void fetchFrom(s, node, keys, metadata).finally(() => {
            s.inFlightNodes.delete(node);
            wake(s);
          });
        }
      } catch (error) {
        await fetchFailed(s, error);
      }
    }
    watchProgress(s);
    retryCommits(s);
    await waitForWork(s, s.spec.fetch.maxWaitMs + 100);
  }
}
function byLeader(s, ready, metadata) {
  const out = /* @__PURE__ */ new Map();
  for (const key of ready) {
    const tp = s.partitions.get(key);
    const leader = metadata.topics.get(tp.topic)?.partitions[tp.partition]?.leader ?? -1;
    if (leader < 0) served(s, key);
    if (leader < 0 || s.inFlightNodes.has(leader)) continue;
    out.set(leader, [...out.get(leader) ?? [], key]);
  }
  return out;
}
async function fetchFailed(s, error) {
  s.fetchFailures += 1;
  if (s.fetchFailures >= MAX_FETCH_FAILURES) fail(s, error);
  else await new Promise((r) => setTimeout(r, FETCH_BACKOFF_MS * s.fetchFailures));
}
async function fetchFrom(s, node, wanted, metadata) {
  const topicOf = /* @__PURE__ */ new Map();
  const asked = /* @__PURE__ */ new Map();
  const byTopic = /* @__PURE__ */ new Map();
  for (const key of wanted) {
    const tp = s.partitions.get(key);
    const offset = s.positions.get(key);
    const id = metadata.topics.get(tp.topic)?.id;
    if (id === void 0) continue;
    topicOf.set(id, tp.topic);
    asked.set(key, { offset, token: s.tokens.get(key) });
    byTopic.set(id, [...byTopic.get(id) ?? [], { partition: tp.partition, offset }]);
  }
  const { fetch } = s.spec;
  try {
    const fetching = s.consumer.fetch({
      node,
      maxWaitTime: fetch.maxWaitMs,
      minBytes: fetch.minBytes,
      maxBytes: fetch.maxBytes,
      topics: [...byTopic].map(([topicId, parts]) => ({
        topicId,
        partitions: parts.map((x) => ({
          partition: x.partition,
          fetchOffset: x.offset,
          partitionMaxBytes: fetch.maxBytesPerPartition,
          currentLeaderEpoch: -1,
          lastFetchedEpoch: -1
        }))
      }))
    });
    const response = await withDeadline(fetching, s.spec.deadlines.fetchMs, "fetch");
    for (const key of asked.keys()) served(s, key);
    s.fetchFailures = 0;
    if (!s.stopped && s.failure === null) take(s, response, topicOf, asked);
  } catch (error) {
    if (s.stopped) return;
    if (hasApiError(error, OUT_OF_RANGE)) return fromFirstOffset(s, asked);
    if (hasApiError(error, STALE_METADATA)) s.consumer.clearMetadata();
    s.log.debug(
      { group: s.consumer.groupId, node, failures: s.fetchFailures + 1, err: error },
      "fetch failed"
    );
    await fetchFailed(s, error);
  }
}
async function fromFirstOffset(s, asked) {
  for (const key of asked.keys()) s.positions.delete(key);
  const lost = [...asked.keys()].map((k) => s.partitions.get(k)).filter((x) => !!x);
  s.log.warn(
    { group: s.consumer.groupId, partitions: [...asked.keys()] },
    "offset out of range; from the first offset"
  );
  await loadPositions(s, lost, new Map(s.tokens));
}
function watchProgress(s) {
  const now = performance.now();
  const { stallMs } = s.spec.deadlines;
  const stalled = [];
  for (const key of s.tokens.keys()) {
    if (s.busy.has(key) || s.paused.has(key)) continue;
    const at = s.servedAt.get(key);
    if (at === void 0) s.servedAt.set(key, now);
    else if (now - at > stallMs) stalled.push(key);
  }
  if (stalled.length === 0) return;
  s.log.warn(
    { group: s.consumer.groupId, partitions: stalled.slice(0, 20), stalledMs: stallMs },
    "partitions not fetched for too long; the member is replaced"
  );
  fail(s, new MemberStalledError(stalled, stallMs));
}
export {
  fetchLoop
};
//# sourceMappingURL=2-fetch.js.map
