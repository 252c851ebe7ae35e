import type { GroupAssignment } from "@platformatic/kafka";
import { onJoin } from "./fetcher/1-assign.js";
import { fetchLoop } from "./fetcher/2-fetch.js";
import { createFetcherState, fail, type PartitionFetcherSpec, wake } from "./fetcher/state.js";
import { sortedRoundRobin } from "./sorted-round-robin.js";

export type { PartitionFetcherSpec, PartitionHandle, TopicPartition } from "./fetcher/state.js";

/**
 * A consumer-group member on @platformatic/kafka with kafkajs' eachBatch guarantees (decision
 * 0430). The library's own MessagesStream is one stream over all partitions, without a pause or a
 * seek per partition, so this drives the lower-level client itself: the library joins the group,
 * syncs, heartbeats on its own timer (also while a long batch is written) and rejoins after a
 * rebalance; here the assigned partitions are positioned (fetcher/1-assign.ts), fetched from their
 * leaders, one request in flight per broker (2-fetch.ts), each fetched run of a partition goes to
 * `handle` while the partition is not fetched again (3-dispatch.ts), and the next fetch starts after
 * the last offset the handler resolved (what it did not resolve is read again); offsets are
 * committed one at a time per partition, a failed commit retried (4-commit.ts). A partition can be
 * paused and rewound (infrastructure backoff) and is forgotten the moment a rebalance takes it
 * away: its handler is told (`owned()` is false), may not commit, and the new holder starts from
 * the committed offset. The fetcher's state is one object (fetcher/state.ts).
 *
 * Every library call awaited here has a deadline, and a progress watch replaces the member when an
 * assigned partition that is neither paused nor at work has not been served (fetched, handed out,
 * positioned) for `deadlines.stallMs` (decision 0523).
 */
export interface PartitionFetcher {
  /** Resolves at the first join; rejects when the join failed */
  readonly joined: Promise<void>;
  /** Resolves after stop(); rejects with what made the member unusable (its handlers have ended) */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

export function startPartitionFetcher(spec: PartitionFetcherSpec): PartitionFetcher {
  const s = createFetcherState(spec);
  const { consumer } = s;
  const onJoinEvent = (payload: { assignments?: GroupAssignment[] }) =>
    onJoin(s, payload.assignments ?? consumer.assignments);
  consumer.on("consumer:group:join", onJoinEvent);
  // Background errors of the library (a rejoin that failed after its retries): the member is done.
  const onError = (error: unknown) => fail(s, error);
  consumer.on("error", onError);

  for (const topic of s.topics) consumer.topics.track(topic);
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
    await fetchLoop(s);
    await Promise.allSettled([...s.busy.values()]);
    consumer.off("consumer:group:join", onJoinEvent);
    const ended = s.failure as { error: unknown } | null;
    if (ended !== null && !s.stopped) throw ended.error;
  })();
  // The supervisor reads `done`; an early join failure must not also surface as unhandled here.
  done.catch(() => {});

  return {
    joined,
    done,
    async stop() {
      s.stopped = true;
      wake(s);
      await done.catch(() => {});
    },
  };
}
