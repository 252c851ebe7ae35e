import { createSubscriberIndex, createSubscriberQueue } from "./subscriber-queue.js";
class LiveOverflowError extends Error {
  code = "CHESSBOARD_LIVE_OVERFLOW";
  constructor() {
    super("The subscriber fell too far behind; reconnect to get a fresh snapshot");
  }
}
function createLiveHub(options) {
  const byBuilding = createSubscriberIndex();
  const byProject = createSubscriberIndex();
  let count = 0;
  const indexOf = (filter) => "buildingId" in filter ? { index: byBuilding, key: filter.buildingId } : { index: byProject, key: filter.projectId };
  function subscribe(filter) {
    const { index, key } = indexOf(filter);
    const queue = createSubscriberQueue({
      maxQueue: options.maxQueue,
      overflowError: () => new LiveOverflowError(),
      onClose() {
        index.remove(key, subscriber);
        count -= 1;
        options.onCountChange?.(count);
      }
    });
    const subscriber = { deliver: (delta) => queue.push(delta) };
    index.add(key, subscriber);
    count += 1;
    options.onCountChange?.(count);
    return queue.subscription({
      open(first) {
        queue.open((queued) => queued.unshift(first));
      }
    });
  }
  return {
    subscribe,
    publish(delta) {
      let delivered = 0;
      for (const map of [byBuilding.get(delta.buildingId), byProject.get(delta.projectId)]) {
        if (!map) continue;
        for (const subscriber of [...map]) {
          subscriber.deliver(delta);
          delivered += 1;
        }
      }
      return delivered;
    },
    subscribers: () => count
  };
}
export {
  LiveOverflowError,
  createLiveHub
};
//# sourceMappingURL=chessboard-live-hub.js.map
