import { onJoin } from "./fetcher/1-assign.js";
import { fetchLoop } from "./fetcher/2-fetch.js";
import { createFetcherState, fail, wake } from "./fetcher/state.js";
import { sortedRoundRobin } from "./sorted-round-robin.js";
function startPartitionFetcher(spec) {
  const s = createFetcherState(spec);
  const { consumer } = s;
  const onJoinEvent = (payload) => onJoin(s, payload.assignments ?? consumer.assignments);
  consumer.on("consumer:group:join", onJoinEvent);
  const onError = (error) => fail(s, error);
  consumer.on("error", onError);
  for (const topic of s.topics) consumer.topics.track(topic);
  const joined = consumer.joinGroup({
    sessionTimeout: spec.group.sessionTimeoutMs,
    heartbeatInterval: spec.group.heartbeatMs,
    rebalanceTimeout: spec.group.rebalanceTimeoutMs,
    partitionAssigner: (_current, members, subscribed, metadata) => sortedRoundRobin(members.keys(), subscribed, (t) => metadata.topics.get(t)?.partitionsCount ?? 0)
  }).then(() => void 0);
  const done = (async () => {
    await joined;
    await fetchLoop(s);
    await Promise.allSettled([...s.busy.values()]);
    consumer.off("consumer:group:join", onJoinEvent);
    const ended = s.failure;
    if (ended !== null && !s.stopped) throw ended.error;
  })();
  done.catch(() => {
  });
  return {
    joined,
    done,
    async stop() {
      s.stopped = true;
      wake(s);
      await done.catch(() => {
      });
    }
  };
}
export {
  startPartitionFetcher
};
//# sourceMappingURL=partition-fetcher.js.map
