import { withDeadline } from "../deadline.js";
const COMMIT_RETRY_MS = 1e3;
const COMMIT_RETRY_MAX_MS = 1e4;
function commitUpTo(s, key, tp, token, next) {
  let state = s.commits.get(key);
  if (state === void 0 || state.token !== token) {
    state = {
      token,
      wanted: next,
      done: -1n,
      chain: Promise.resolve(),
      failures: 0,
      retryAt: 0,
      retrying: false
    };
    s.commits.set(key, state);
  }
  if (next > state.wanted) state.wanted = next;
  const c = state;
  const run = c.chain.then(() => commitWanted(s, key, tp, token, c));
  c.chain = run.catch(() => {
  });
  return run;
}
async function commitWanted(s, key, tp, token, c) {
  if (s.tokens.get(key) !== token || s.failure !== null) return;
  const target = c.wanted;
  if (target <= c.done) return;
  try {
    await withDeadline(
      s.consumer.commit({
        offsets: [{ topic: tp.topic, partition: tp.partition, offset: target, leaderEpoch: -1 }]
      }),
      s.spec.deadlines.callMs,
      "offset commit"
    );
    if (target > c.done) c.done = target;
    c.failures = 0;
  } catch (error) {
    c.failures += 1;
    c.retryAt = performance.now() + Math.min(COMMIT_RETRY_MS * 2 ** (c.failures - 1), COMMIT_RETRY_MAX_MS);
    throw error;
  }
}
function retryCommits(s) {
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
    commitUpTo(s, key, tp, c.token, c.wanted).then(() => s.log.info({ group: s.consumer.groupId, partition: key, failed }, "offset commit retried")).catch(
      (error) => s.log.debug(
        { group: s.consumer.groupId, partition: key, failures: c.failures, err: error },
        "offset commit retry failed"
      )
    ).finally(() => {
      c.retrying = false;
    });
  }
}
export {
  commitUpTo,
  retryCommits
};
//# sourceMappingURL=4-commit.js.map
