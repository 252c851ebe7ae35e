import { createSubscriberIndex, createSubscriberQueue } from "./subscriber-queue.js";
function createResumableHub(options) {
  const byKey = createSubscriberIndex();
  let count = 0;
  function subscribe(keys, accept = () => true) {
    let lastId = 0n;
    const queue = createSubscriberQueue({
      maxQueue: options.maxQueue,
      overflowError: options.overflowError,
      onClose() {
        for (const key of keys) byKey.remove(key, subscriber);
        count -= 1;
        options.onCountChange?.(count);
      }
    });
    const subscriber = {
      deliver(item) {
        if (queue.isDone() || !accept(item)) return;
        if (queue.isOpen()) {
          if (item.id <= lastId) return;
          lastId = item.id;
        }
        queue.push(item);
      }
    };
    for (const key of keys) byKey.add(key, subscriber);
    count += 1;
    options.onCountChange?.(count);
    const subscription = queue.subscription({
      open(backlog, floor = 0n) {
        if (queue.isDone() || queue.isOpen()) return;
        queue.open((queued) => {
          lastId = floor;
          const live = queued.splice(0).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
          for (const item of [...backlog, ...live]) {
            if (item.id <= lastId) continue;
            lastId = item.id;
            queued.push(item);
          }
        });
      }
    });
    return subscription;
  }
  return {
    subscribe,
    publish(key, item) {
      const set = byKey.get(key);
      if (!set) return 0;
      for (const subscriber of [...set]) subscriber.deliver(item);
      return set.size;
    },
    subscribers: () => count
  };
}
export {
  createResumableHub
};
//# sourceMappingURL=resumable-hub.js.map
