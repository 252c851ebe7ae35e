import { infrastructureDelayMs } from "../../consumer/retry-policy.js";
async function commitAfterScope(state, progress, part) {
  if (progress.lastDone === null) return;
  const next = (BigInt(progress.lastDone) + 1n).toString();
  await part.commit(next).catch(
    (error) => state.connection.log.warn(
      { group: state.group, topic: progress.topic, partition: progress.partition, err: error },
      `offset commit failed; ${state.connection.port.commitFailureNote}`
    )
  );
}
async function pauseAfterFailure(state, progress, part, chunk, error) {
  await commitAfterScope(state, progress, part);
  const { tp, topic, partition } = progress;
  const n = (state.failures.get(tp) ?? 0) + 1;
  state.failures.set(tp, n);
  const delay = infrastructureDelayMs(state.policy, n);
  state.connection.log.warn(
    { group: state.group, topic, partition, failures: n, delayMs: delay, err: error },
    "partition paused after infrastructure failure"
  );
  const resume = part.pause(chunk[0].offset);
  state.resumeTimers.set(
    tp,
    setTimeout(() => {
      state.resumeTimers.delete(tp);
      resume();
    }, delay)
  );
}
export {
  commitAfterScope,
  pauseAfterFailure
};
//# sourceMappingURL=4-commit-and-pause.js.map
