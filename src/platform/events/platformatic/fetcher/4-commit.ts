import { withDeadline } from "../deadline.js";
import type { CommitState, FetcherState, TopicPartition } from "./state.js";

/** A failed offset commit is tried again after 1 s, doubling up to 10 s (decision 0523) */
const COMMIT_RETRY_MS = 1_000;
const COMMIT_RETRY_MAX_MS = 10_000;

/**
 * Stage 4 of the fetcher: offset commits per partition, one at a time, always of the highest offset
 * asked so far (never backwards). A commit that failed (the group's coordinator moving:
 * NOT_COORDINATOR for as long as the failover takes, longer than the library's retries) stays
 * wanted and is tried again by the fetch loop with a backoff while the partition is owned and no
 * handler is at work on it: without that, a partition whose last batch's commit failed kept its
 * old committed offset — a lag that never drained — until another message arrived (decision 0523).
 */
export function commitUpTo(
  s: FetcherState,
  key: string,
  tp: TopicPartition,
  token: number,
  next: bigint,
): Promise<void> {
  let state = s.commits.get(key);
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
    s.commits.set(key, state);
  }
  if (next > state.wanted) state.wanted = next;
  const c = state;
  const run = c.chain.then(() => commitWanted(s, key, tp, token, c));
  c.chain = run.catch(() => {});
  return run;
}

async function commitWanted(
  s: FetcherState,
  key: string,
  tp: TopicPartition,
  token: number,
  c: CommitState,
): Promise<void> {
  if (s.tokens.get(key) !== token || s.failure !== null) return;
  const target = c.wanted;
  if (target <= c.done) return;
  try {
    await withDeadline(
      s.consumer.commit({
        offsets: [{ topic: tp.topic, partition: tp.partition, offset: target, leaderEpoch: -1 }],
      }),
      s.spec.deadlines.callMs,
      "offset commit",
    );
    if (target > c.done) c.done = target;
    c.failures = 0;
  } catch (error) {
    c.failures += 1;
    c.retryAt = performance.now() + Math.min(COMMIT_RETRY_MS * 2 ** (c.failures - 1), COMMIT_RETRY_MAX_MS);
    throw error;
  }
}

/** The fetch loop's turn at the commits that failed (see commitUpTo). */
export function retryCommits(s: FetcherState): void {
  const now = performance.now();
  for (const [key, c] of s.commits) {
    if (s.tokens.get(key) !== c.token) {
      s.commits.delete(key);
      continue;
    }
    if (c.wanted <= c.done || c.retrying || s.busy.has(key) || now < c.retryAt) continue;
    const tp = s.partitions.get(key);
    if (!tp) continue;
    c.retrying = true;
    const failed = c.failures;
    commitUpTo(s, key, tp, c.token, c.wanted)
      .then(() => s.log.info({ group: s.consumer.groupId, partition: key, failed }, "offset commit retried"))
      .catch((error: unknown) =>
        s.log.debug(
          { group: s.consumer.groupId, partition: key, failures: c.failures, err: error },
          "offset commit retry failed",
        ),
      )
      .finally(() => {
        c.retrying = false;
      });
  }
}
