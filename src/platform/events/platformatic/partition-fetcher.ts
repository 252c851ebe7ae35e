import type { ClusterMetadata, Consumer, GroupAssignment, KafkaRecord } from "@platformatic/kafka";
import type { Logger } from "../../log/logger.js";
import type { InboundMessage } from "../wire.js";
import { MemberStalledError, withDeadline } from "./deadline.js";
import { hasApiError } from "./platformatic-admin.js";
import { sortedRoundRobin } from "./sorted-round-robin.js";

/**
 * A consumer-group member on @platformatic/kafka with kafkajs' eachBatch guarantees (decision
 * 0430). The library's own MessagesStream is one stream over all partitions, without a pause or a
 * seek per partition, so this drives the lower-level client itself: the library joins the group,
 * syncs, heartbeats on its own timer (also while a long batch is written) and rejoins after a
 * rebalance; here the assigned partitions are fetched from their leaders (one request in flight
 * per broker), each fetched run of a partition goes to `handle` while the partition is not fetched
 * again, and the next fetch starts after the last offset the handler resolved (what it did not
 * resolve is read again). A partition can be paused and rewound (infrastructure backoff) and is
 * forgotten the moment a rebalance takes it away: its handler is told (`owned()` is false), may
 * not commit, and the new holder starts from the committed offset.
 *
 * Every library call awaited here has a deadline, and a progress watch replaces the member when an
 * assigned partition that is neither paused nor at work has not been served (fetched, handed out,
 * positioned) for `deadlines.stallMs` (decision 0523): a member holding partitions it never
 * fetches again would otherwise stall its share of the group for good, with the group Stable.
 */

type FetchResponse = Awaited<ReturnType<Consumer["fetch"]>>;

const IS_CONTROL_BATCH = 0b10_0000;
/** Consecutive failed fetches after which the member is given up (its supervisor starts a fresh one) */
const MAX_FETCH_FAILURES = 5;
const FETCH_BACKOFF_MS = 200;
/** A failed offset commit is tried again after 1 s, doubling up to 10 s (decision 0523) */
const COMMIT_RETRY_MS = 1_000;
const COMMIT_RETRY_MAX_MS = 10_000;
const STALE_METADATA = new Set([
  "NOT_LEADER_OR_FOLLOWER",
  "LEADER_NOT_AVAILABLE",
  "FENCED_LEADER_EPOCH",
  "UNKNOWN_LEADER_EPOCH",
  "UNKNOWN_TOPIC_OR_PARTITION",
  "UNKNOWN_TOPIC_ID",
]);
const OUT_OF_RANGE = new Set(["OFFSET_OUT_OF_RANGE"]);
/** Kafka's timestamp of "the first offset" in ListOffsets */
const EARLIEST = -2n;

export interface TopicPartition {
  readonly topic: string;
  readonly partition: number;
}

export interface PartitionHandle {
  /** Still this member's partition: no rebalance took it away and the member did not fail */
  owned(): boolean;
  /** Owned and the member not stopping: another processor batch may start */
  isRunning(): boolean;
  /** Everything up to `offset` is done: the next fetch starts after it */
  resolve(offset: string): void;
  /** Commits `next` (the offset after the last one done) as the group's position, while owned */
  commit(next: string): Promise<void>;
  /** Stops fetching the partition and rewinds it to `offset`; the returned function resumes it */
  pause(offset: string): () => void;
}

export interface PartitionFetcherSpec {
  readonly consumer: Consumer;
  readonly topics: readonly string[];
  readonly log: Logger;
  /** Where newly assigned partitions start, by "topic:partition" (a missing one starts at its first offset) */
  positions(assigned: readonly TopicPartition[]): Promise<Map<string, bigint>>;
  /** One fetched run of a partition's messages, in offset order */
  handle(messages: readonly InboundMessage[], partition: PartitionHandle): Promise<void>;
  /** At every join: what belonged to the old assignment (backoff timers) is forgotten */
  onAssigned?(): void;
  readonly fetch: {
    readonly maxWaitMs: number;
    readonly minBytes: number;
    readonly maxBytes: number;
    readonly maxBytesPerPartition: number;
  };
  readonly group: {
    readonly sessionTimeoutMs: number;
    readonly heartbeatMs: number;
    readonly rebalanceTimeoutMs: number;
  };
  /** Bounds (decision 0523): a metadata, offsets or commit call; a fetch; a partition left unserved */
  readonly deadlines: {
    readonly callMs: number;
    readonly fetchMs: number;
    readonly stallMs: number;
  };
}

export interface PartitionFetcher {
  /** Resolves at the first join; rejects when the join failed */
  readonly joined: Promise<void>;
  /** Resolves after stop(); rejects with what made the member unusable (its handlers have ended) */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

const keyOf = (topic: string, partition: number) => `${topic}:${partition}`;

function text(value: Buffer | string | null | undefined): string {
  return value === null || value === undefined ? "" : value.toString();
}

function inbound(topic: string, partition: number, offset: bigint, record: KafkaRecord): InboundMessage {
  const headers: Record<string, string> = {};
  for (const [name, value] of record.headers) if (name !== null) headers[name.toString()] = text(value);
  return {
    topic,
    partition,
    offset: offset.toString(),
    key: text(record.key),
    value: text(record.value),
    headers,
  };
}

export function startPartitionFetcher(spec: PartitionFetcherSpec): PartitionFetcher {
  const { consumer, log } = spec;
  const topics = [...spec.topics];
  /** Ownership token of every assigned partition: a new one whenever a join (re)assigns it */
  const tokens = new Map<string, number>();
  const partitions = new Map<string, TopicPartition>();
  const positions = new Map<string, bigint>();
  const paused = new Set<string>();
  const busy = new Map<string, Promise<void>>();
  const inFlightNodes = new Set<number>();
  let nextToken = 1;
  let stopped = false;
  let failure: { error: unknown } | null = null;
  let fetchFailures = 0;
  /** When each assigned partition was last served: positioned, fetched (a failed fetch is not), handed out, resumed */
  const servedAt = new Map<string, number>();
  const served = (key: string) => {
    if (tokens.has(key)) servedAt.set(key, performance.now());
  };
  const { deadlines } = spec;

  let pendingWake = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    pendingWake = true;
    const w = wakeUp;
    wakeUp = null;
    w?.();
  };
  const waitForWork = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pendingWake || stopped || failure) {
        pendingWake = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        wakeUp = null;
        resolve();
      }, ms);
      wakeUp = () => {
        clearTimeout(timer);
        pendingWake = false;
        resolve();
      };
    });
  const fail = (error: unknown) => {
    failure ??= { error };
    wake();
  };

  async function loadPositions(assigned: readonly TopicPartition[], token: ReadonlyMap<string, number>) {
    try {
      const found = await withDeadline(spec.positions(assigned), deadlines.callMs, "committed offsets");
      const missing = assigned.filter((p) => !found.has(keyOf(p.topic, p.partition)));
      if (missing.length > 0) {
        const byTopic: Record<string, number[]> = {};
        for (const p of missing) byTopic[p.topic] = [...(byTopic[p.topic] ?? []), p.partition];
        const earliest = await withDeadline(
          consumer.listOffsets({ topics: Object.keys(byTopic), partitions: byTopic, timestamp: EARLIEST }),
          deadlines.callMs,
          "list offsets",
        );
        for (const p of missing) {
          const at = earliest.get(p.topic)?.[p.partition];
          found.set(keyOf(p.topic, p.partition), at !== undefined && at >= 0n ? at : 0n);
        }
      }
      for (const [key, offset] of found)
        if (tokens.get(key) === token.get(key) && !busy.has(key)) {
          positions.set(key, offset);
          served(key);
        }
      wake();
    } catch (error) {
      fail(error);
    }
  }

  function onJoin(assignments: readonly GroupAssignment[] | null | undefined) {
    const next = new Map<string, TopicPartition>();
    for (const a of assignments ?? [])
      for (const partition of a.partitions)
        next.set(keyOf(a.topic, partition), { topic: a.topic, partition });
    for (const key of [...tokens.keys()])
      if (!next.has(key)) {
        tokens.delete(key);
        partitions.delete(key);
        positions.delete(key);
        servedAt.delete(key);
      }
    paused.clear();
    spec.onAssigned?.();
    // Every partition starts again from the group's committed offset, except one whose handler is
    // still at work and stays ours: it goes on from where that handler ends (nothing read twice).
    const fresh: TopicPartition[] = [];
    for (const [key, tp] of next) {
      if (tokens.has(key) && busy.has(key)) continue;
      tokens.set(key, nextToken++);
      partitions.set(key, tp);
      positions.delete(key);
      served(key);
      fresh.push(tp);
    }
    log.debug({ group: consumer.groupId, assigned: [...next.keys()] }, "partitions assigned");
    if (fresh.length > 0) void loadPositions(fresh, new Map(tokens));
    wake();
  }

  /**
   * Offset commits per partition, one at a time, always of the highest offset asked so far (never
   * backwards). A commit that failed (the group's coordinator moving: NOT_COORDINATOR for as long as
   * the failover takes, longer than the library's retries) stays wanted and is tried again by the
   * fetch loop with a backoff while the partition is owned and no handler is at work on it: without
   * that, a partition whose last batch's commit failed kept its old committed offset — a lag that
   * never drained — until another message arrived (decision 0523).
   */
  interface CommitState {
    readonly token: number;
    wanted: bigint;
    done: bigint;
    chain: Promise<void>;
    failures: number;
    retryAt: number;
    retrying: boolean;
  }
  const commits = new Map<string, CommitState>();

  function commitUpTo(key: string, tp: TopicPartition, token: number, next: bigint): Promise<void> {
    let state = commits.get(key);
    if (state === undefined || state.token !== token) {
      state = {
        token,
        wanted: next,
        done: -1n,
        chain: Promise.resolve(),
        failures: 0,
        retryAt: 0,
        retrying: false,
      };
      commits.set(key, state);
    }
    if (next > state.wanted) state.wanted = next;
    const s = state;
    const run = s.chain.then(async () => {
      if (tokens.get(key) !== token || failure !== null) return;
      const target = s.wanted;
      if (target <= s.done) return;
      try {
        await withDeadline(
          consumer.commit({
            offsets: [{ topic: tp.topic, partition: tp.partition, offset: target, leaderEpoch: -1 }],
          }),
          deadlines.callMs,
          "offset commit",
        );
        if (target > s.done) s.done = target;
        s.failures = 0;
      } catch (error) {
        s.failures += 1;
        s.retryAt =
          performance.now() + Math.min(COMMIT_RETRY_MS * 2 ** (s.failures - 1), COMMIT_RETRY_MAX_MS);
        throw error;
      }
    });
    s.chain = run.catch(() => {});
    return run;
  }

  /** The fetch loop's turn at the commits that failed (see commitUpTo). */
  function retryCommits(): void {
    const now = performance.now();
    for (const [key, s] of commits) {
      if (tokens.get(key) !== s.token) {
        commits.delete(key);
        continue;
      }
      if (s.wanted <= s.done || s.retrying || busy.has(key) || now < s.retryAt) continue;
      const tp = partitions.get(key);
      if (!tp) continue;
      s.retrying = true;
      const failed = s.failures;
      commitUpTo(key, tp, s.token, s.wanted)
        .then(() => log.info({ group: consumer.groupId, partition: key, failed }, "offset commit retried"))
        .catch((error: unknown) =>
          log.debug(
            { group: consumer.groupId, partition: key, failures: s.failures, err: error },
            "offset commit retry failed",
          ),
        )
        .finally(() => {
          s.retrying = false;
        });
    }
  }

  function dispatch(key: string, tp: TopicPartition, token: number, messages: InboundMessage[], end: bigint) {
    const last = messages[messages.length - 1] as InboundMessage;
    let resolvedNext: bigint | null = null;
    let rewound = false;
    const handle: PartitionHandle = {
      owned: () => tokens.get(key) === token && failure === null,
      isRunning: () => handle.owned() && !stopped,
      resolve(offset) {
        resolvedNext = BigInt(offset) + 1n;
      },
      async commit(next) {
        if (!handle.owned()) return;
        await commitUpTo(key, tp, token, BigInt(next));
      },
      pause(offset) {
        rewound = true;
        if (tokens.get(key) === token) {
          positions.set(key, BigInt(offset));
          paused.add(key);
        }
        return () => {
          if (tokens.get(key) !== token || !paused.delete(key)) return;
          served(key);
          wake();
        };
      },
    };
    const work = spec
      .handle(messages, handle)
      .catch((error: unknown) => fail(error))
      .finally(() => {
        busy.delete(key);
        served(key);
        if (tokens.get(key) === token && !rewound && resolvedNext !== null) {
          // Done to the end of the run: past its trailing control records too
          positions.set(key, resolvedNext > BigInt(last.offset) ? end : resolvedNext);
        }
        wake();
      });
    busy.set(key, work);
  }

  function take(
    response: FetchResponse,
    topicOf: ReadonlyMap<string, string>,
    asked: Map<string, { offset: bigint; token: number }>,
  ) {
    for (const t of response.responses) {
      const topic = topicOf.get(t.topicId);
      if (topic === undefined) continue;
      for (const p of t.partitions) {
        const key = keyOf(topic, p.partitionIndex);
        const request = asked.get(key);
        // Revoked, re-assigned, rewound or already handed out meanwhile: this answer is stale.
        if (!request || tokens.get(key) !== request.token || positions.get(key) !== request.offset) continue;
        if (busy.has(key) || paused.has(key)) continue;
        const messages: InboundMessage[] = [];
        let end = request.offset;
        for (const batch of p.records ?? []) {
          const batchEnd = batch.firstOffset + BigInt(batch.lastOffsetDelta) + 1n;
          if (batchEnd > end) end = batchEnd;
          if (batch.attributes & IS_CONTROL_BATCH) continue;
          for (const record of batch.records) {
            const offset = batch.firstOffset + BigInt(record.offsetDelta);
            if (offset >= request.offset) messages.push(inbound(topic, p.partitionIndex, offset, record));
          }
        }
        if (messages.length === 0) {
          if (end > request.offset) positions.set(key, end);
          continue;
        }
        dispatch(key, { topic, partition: p.partitionIndex }, request.token, messages, end);
      }
    }
  }

  async function fetchFrom(
    node: number,
    wanted: readonly string[],
    metadata: ClusterMetadata,
  ): Promise<void> {
    const topicOf = new Map<string, string>();
    const asked = new Map<string, { offset: bigint; token: number }>();
    const byTopic = new Map<string, Array<{ partition: number; offset: bigint }>>();
    for (const key of wanted) {
      const tp = partitions.get(key) as TopicPartition;
      const offset = positions.get(key) as bigint;
      const id = metadata.topics.get(tp.topic)?.id;
      if (id === undefined) continue;
      topicOf.set(id, tp.topic);
      asked.set(key, { offset, token: tokens.get(key) as number });
      byTopic.set(id, [...(byTopic.get(id) ?? []), { partition: tp.partition, offset }]);
    }
    try {
      const fetching = consumer.fetch({
        node,
        maxWaitTime: spec.fetch.maxWaitMs,
        minBytes: spec.fetch.minBytes,
        maxBytes: spec.fetch.maxBytes,
        topics: [...byTopic].map(([topicId, parts]) => ({
          topicId,
          partitions: parts.map((x) => ({
            partition: x.partition,
            fetchOffset: x.offset,
            partitionMaxBytes: spec.fetch.maxBytesPerPartition,
            currentLeaderEpoch: -1,
            lastFetchedEpoch: -1,
          })),
        })),
      });
      const response = await withDeadline(fetching, deadlines.fetchMs, "fetch");
      for (const key of asked.keys()) served(key);
      fetchFailures = 0;
      if (!stopped && failure === null) take(response, topicOf, asked);
    } catch (error) {
      if (stopped) return;
      if (hasApiError(error, OUT_OF_RANGE)) {
        // Retention removed what the position points at: start again from each partition's first offset.
        for (const key of asked.keys()) positions.delete(key);
        const lost = [...asked.keys()].map((k) => partitions.get(k)).filter((x): x is TopicPartition => !!x);
        log.warn(
          { group: consumer.groupId, partitions: [...asked.keys()] },
          "offset out of range; from the first offset",
        );
        await loadPositions(lost, new Map(tokens));
        return;
      }
      if (hasApiError(error, STALE_METADATA)) consumer.clearMetadata();
      fetchFailures += 1;
      log.debug({ group: consumer.groupId, node, failures: fetchFailures, err: error }, "fetch failed");
      if (fetchFailures >= MAX_FETCH_FAILURES) fail(error);
      else await new Promise((r) => setTimeout(r, FETCH_BACKOFF_MS * fetchFailures));
    }
  }

  async function fetchLoop(): Promise<void> {
    while (!stopped && failure === null) {
      const ready = [...tokens.keys()].filter((k) => positions.has(k) && !busy.has(k) && !paused.has(k));
      if (ready.length > 0) {
        try {
          const metadata = await withDeadline(consumer.metadata({ topics }), deadlines.callMs, "metadata");
          const byNode = new Map<number, string[]>();
          for (const key of ready) {
            const tp = partitions.get(key) as TopicPartition;
            const leader = metadata.topics.get(tp.topic)?.partitions[tp.partition]?.leader ?? -1;
            // Without a leader the partition waits on the cluster, not on this member.
            if (leader < 0) served(key);
            if (leader < 0 || inFlightNodes.has(leader)) continue;
            byNode.set(leader, [...(byNode.get(leader) ?? []), key]);
          }
          for (const [node, keys] of byNode) {
            inFlightNodes.add(node);
            void fetchFrom(node, keys, metadata).finally(() => {
              inFlightNodes.delete(node);
              wake();
            });
          }
        } catch (error) {
          fetchFailures += 1;
          if (fetchFailures >= MAX_FETCH_FAILURES) fail(error);
          else await new Promise((r) => setTimeout(r, FETCH_BACKOFF_MS * fetchFailures));
        }
      }
      watchProgress();
      retryCommits();
      await waitForWork(spec.fetch.maxWaitMs + 100);
    }
  }

  /** The progress watch: an assigned partition neither paused nor at work, unserved for stallMs. */
  function watchProgress(): void {
    const now = performance.now();
    const stalled: string[] = [];
    for (const key of tokens.keys()) {
      if (busy.has(key) || paused.has(key)) continue;
      const at = servedAt.get(key);
      if (at === undefined) servedAt.set(key, now);
      else if (now - at > deadlines.stallMs) stalled.push(key);
    }
    if (stalled.length === 0) return;
    log.warn(
      { group: consumer.groupId, partitions: stalled.slice(0, 20), stalledMs: deadlines.stallMs },
      "partitions not fetched for too long; the member is replaced",
    );
    fail(new MemberStalledError(stalled, deadlines.stallMs));
  }

  const onJoinEvent = (payload: { assignments?: GroupAssignment[] }) =>
    onJoin(payload.assignments ?? consumer.assignments);
  consumer.on("consumer:group:join", onJoinEvent);
  // Background errors of the library (a rejoin that failed after its retries): the member is done.
  consumer.on("error", fail);

  for (const topic of topics) consumer.topics.track(topic);
  const joined = consumer
    .joinGroup({
      sessionTimeout: spec.group.sessionTimeoutMs,
      heartbeatInterval: spec.group.heartbeatMs,
      rebalanceTimeout: spec.group.rebalanceTimeoutMs,
      partitionAssigner: (_current, members, subscribed, metadata) =>
        sortedRoundRobin(members.keys(), subscribed, (t) => metadata.topics.get(t)?.partitionsCount ?? 0),
    })
    .then(() => undefined);

  const done = (async () => {
    await joined;
    await fetchLoop();
    await Promise.allSettled([...busy.values()]);
    consumer.off("consumer:group:join", onJoinEvent);
    const ended = failure as { error: unknown } | null;
    if (ended !== null && !stopped) throw ended.error;
  })();
  // The supervisor reads `done`; an early join failure must not also surface as unhandled here.
  done.catch(() => {});

  return {
    joined,
    done,
    async stop() {
      stopped = true;
      wake();
      await done.catch(() => {});
    },
  };
}
