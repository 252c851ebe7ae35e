function createSubscriberQueue(options) {
  return new SubscriberQueue(options);
}
class SubscriberQueue {
  constructor(options) {
    this.options = options;
  }
  options;
  /** @internal queued items */
  queue = [];
  /** @internal readers waiting for an item */
  waiting = [];
  /** @internal */
  opened = false;
  /** @internal */
  done = false;
  /** @internal */
  failure = null;
  isOpen() {
    return this.opened;
  }
  isDone() {
    return this.done;
  }
  /** @internal */
  flush() {
    if (!this.opened) return;
    const { queue, waiting } = this;
    while (waiting.length > 0 && queue.length > 0)
      waiting.shift().resolve({ value: queue.shift(), done: false });
    if (this.done && queue.length === 0) {
      for (const w of waiting.splice(0)) {
        if (this.failure) w.reject(this.failure);
        else w.resolve({ value: void 0, done: true });
      }
    }
  }
  close(error) {
    if (this.done) return;
    this.done = true;
    if (error) {
      this.failure = error;
      this.queue.length = 0;
      this.opened = true;
    }
    this.options.onClose();
    this.flush();
  }
  /** Queue a live item; past `maxQueue` the subscription is closed with the overflow error. */
  push(item) {
    if (this.done) return;
    this.queue.push(item);
    if (this.queue.length > this.options.maxQueue) {
      this.close(this.options.overflowError());
      return;
    }
    this.flush();
  }
  /** Let items flow, after `arrange` has put what must go first into the queue (in place). */
  open(arrange) {
    if (this.done) return;
    arrange(this.queue);
    this.opened = true;
    this.flush();
  }
  /** The iterator protocol over this queue, on one object with the hub's `extra` methods. */
  subscription(extra) {
    return Object.assign(new QueueIterator(this), extra);
  }
}
class QueueIterator {
  constructor(source) {
    this.source = source;
  }
  source;
  close(error) {
    this.source.close(error);
  }
  next() {
    const q = this.source;
    if (q.opened && q.queue.length > 0) return Promise.resolve({ value: q.queue.shift(), done: false });
    if (q.done && (q.opened || q.failure)) {
      return q.failure ? Promise.reject(q.failure) : Promise.resolve({ value: void 0, done: true });
    }
    return new Promise((resolve, reject) => q.waiting.push({ resolve, reject }));
  }
  // graphql-ws calls return() when the client unsubscribes or disconnects: free the slot at once.
  return() {
    const q = this.source;
    q.failure = null;
    q.opened = true;
    q.queue.length = 0;
    q.close();
    return Promise.resolve({ value: void 0, done: true });
  }
  throw(error) {
    this.source.close(error instanceof Error ? error : new Error(String(error)));
    return Promise.resolve({ value: void 0, done: true });
  }
  [Symbol.asyncIterator]() {
    return this;
  }
}
function createSubscriberIndex() {
  const byKey = /* @__PURE__ */ new Map();
  return {
    add(key, subscriber) {
      let set = byKey.get(key);
      if (!set) {
        set = /* @__PURE__ */ new Set();
        byKey.set(key, set);
      }
      set.add(subscriber);
    },
    remove(key, subscriber) {
      const set = byKey.get(key);
      set?.delete(subscriber);
      if (set && set.size === 0) byKey.delete(key);
    },
    /** The live set (its size changes as subscribers close); copy it before delivering. */
    get: (key) => byKey.get(key)
  };
}
export {
  SubscriberQueue,
  createSubscriberIndex,
  createSubscriberQueue
};
//# sourceMappingURL=subscriber-queue.js.map
