import type { ClusterMetadata } from "@platformatic/kafka";
import { MemberStalledError, withDeadline } from "../deadline.js";
import { hasApiError } from "../platformatic-admin.js";
import { loadPositions } from "./1-assign.js";
import { type Asked, take } from "./3-dispatch.js";
import { retryCommits } from "./4-commit.js";
import { type FetcherState, fail, served, type TopicPartition, waitForWork, wake } from "./state.js";

/** Consecutive failed fetches after which the member is given up (its supervisor starts a fresh one) */
const MAX_FETCH_FAILURES = 5;
const FETCH_BACKOFF_MS = 200;
const STALE_METADATA = new Set([
  "NOT_LEADER_OR_FOLLOWER",
  "LEADER_NOT_AVAILABLE",
  "FENCED_LEADER_EPOCH",
  "UNKNOWN_LEADER_EPOCH",
  "UNKNOWN_TOPIC_OR_PARTITION",
  "UNKNOWN_TOPIC_ID",
]);
const OUT_OF_RANGE = new Set(["OFFSET_OUT_OF_RANGE"]);

/**
 * Stage 2 of the fetcher: the loop. Partitions positioned, not paused and not at work are fetched
 * from their leaders, one request in flight per broker; then the progress watch and the commits
 * that failed get their turn, and the loop waits for work (a handler's end, a join, a resume).
 */
export async function fetchLoop(s: FetcherState): Promise<void> {
  while (!s.stopped && s.failure === null) {
    const ready = [...s.tokens.keys()].filter(
      (k) => s.positions.has(k) && !s.busy.has(k) && !s.paused.has(k),
    );
    if (ready.length > 0) {
      try {
        const metadata = await withDeadline(
          s.consumer.metadata({ topics: s.topics }),
          s.spec.deadlines.callMs,
          "metadata",
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

/** The ready partitions by leader, leaving out brokers with a fetch in flight. */
function byLeader(
  s: FetcherState,
  ready: readonly string[],
  metadata: ClusterMetadata,
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const key of ready) {
    const tp = s.partitions.get(key) as TopicPartition;
    const leader = metadata.topics.get(tp.topic)?.partitions[tp.partition]?.leader ?? -1;
    // Without a leader the partition waits on the cluster, not on this member.
    if (leader < 0) served(s, key);
    if (leader < 0 || s.inFlightNodes.has(leader)) continue;
    out.set(leader, [...(out.get(leader) ?? []), key]);
  }
  return out;
}

async function fetchFailed(s: FetcherState, error: unknown): Promise<void> {
  s.fetchFailures += 1;
  if (s.fetchFailures >= MAX_FETCH_FAILURES) fail(s, error);
  else await new Promise((r) => setTimeout(r, FETCH_BACKOFF_MS * s.fetchFailures));
}

async function fetchFrom(
  s: FetcherState,
  node: number,
  wanted: readonly string[],
  metadata: ClusterMetadata,
) {
  const topicOf = new Map<string, string>();
  const asked: Asked = new Map();
  const byTopic = new Map<string, Array<{ partition: number; offset: bigint }>>();
  for (const key of wanted) {
    const tp = s.partitions.get(key) as TopicPartition;
    const offset = s.positions.get(key) as bigint;
    const id = metadata.topics.get(tp.topic)?.id;
    if (id === undefined) continue;
    topicOf.set(id, tp.topic);
    asked.set(key, { offset, token: s.tokens.get(key) as number });
    byTopic.set(id, [...(byTopic.get(id) ?? []), { partition: tp.partition, offset }]);
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
          lastFetchedEpoch: -1,
        })),
      })),
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
      "fetch failed",
    );
    await fetchFailed(s, error);
  }
}

/** Retention removed what the position points at: start again from each partition's first offset. */
async function fromFirstOffset(s: FetcherState, asked: Asked): Promise<void> {
  for (const key of asked.keys()) s.positions.delete(key);
  const lost = [...asked.keys()].map((k) => s.partitions.get(k)).filter((x): x is TopicPartition => !!x);
  s.log.warn(
    { group: s.consumer.groupId, partitions: [...asked.keys()] },
    "offset out of range; from the first offset",
  );
  await loadPositions(s, lost, new Map(s.tokens));
}

/**
 * The progress watch (decision 0523): an assigned partition neither paused nor at work, unserved
 * for stallMs, replaces the member — one holding partitions it never fetches again would
 * otherwise stall its share of the group for good, with the group Stable.
 */
function watchProgress(s: FetcherState): void {
  const now = performance.now();
  const { stallMs } = s.spec.deadlines;
  const stalled: string[] = [];
  for (const key of s.tokens.keys()) {
    if (s.busy.has(key) || s.paused.has(key)) continue;
    const at = s.servedAt.get(key);
    if (at === undefined) s.servedAt.set(key, now);
    else if (now - at > stallMs) stalled.push(key);
  }
  if (stalled.length === 0) return;
  s.log.warn(
    { group: s.consumer.groupId, partitions: stalled.slice(0, 20), stalledMs: stallMs },
    "partitions not fetched for too long; the member is replaced",
  );
  fail(s, new MemberStalledError(stalled, stallMs));
}
