/**
 * The in-memory fan-out of one API instance for streams that can be resumed: deal chat messages
 * and inbox notifications. Items carry an id that grows in commit order within each stream
 * (decisions 0123, 0124), so a subscriber that reconnects "after id X" first gets what it missed
 * from the database and then the live items, each exactly once:
 *
 *   1. subscribe to the hub (live items queue up, nothing is emitted yet);
 *   2. read the backlog (id > X) from the database;
 *   3. open(backlog): emit the backlog, then the queued and later live items whose id is greater
 *      than the last one emitted (an item both read and broadcast is emitted once).
 *
 * Without a resume position the subscription starts at the stream's newest id (the floor), so a
 * broadcast of an item committed before it subscribed is not mistaken for a new one.
 *
 * Subscribers are indexed by key (a deal id, a recipient), so one item costs O(its subscribers).
 */
export interface Sequenced {
  readonly id: bigint;
}

export interface ResumableSubscription<T> extends AsyncIterableIterator<T> {
  /** Emit `backlog`, then live items newer than it — and newer than `floor` (the position subscribed from). */
  open(backlog: readonly T[], floor?: bigint): void;
  close(error?: Error): void;
}

export interface ResumableHubOptions {
  /** Items a slow subscriber may have queued before it is ended (it then resumes from its last id) */
  readonly maxQueue: number;
  readonly overflowError: () => Error;
  readonly onCountChange?: (subscribers: number) => void;
}

interface Subscriber<T> {
  deliver(item: T): void;
}

export function createResumableHub<T extends Sequenced>(options: ResumableHubOptions) {
  const byKey = new Map<string, Set<Subscriber<T>>>();
  let count = 0;

  function subscribe(keys: readonly string[], accept: (item: T) => boolean = () => true) {
    const queue: T[] = [];
    const waiting: Array<{ resolve: (r: IteratorResult<T>) => void; reject: (e: Error) => void }> = [];
    let opened = false;
    let done = false;
    let failure: Error | null = null;
    let lastId = 0n;

    const subscriber: Subscriber<T> = {
      deliver(item) {
        if (done || !accept(item)) return;
        if (opened) {
          if (item.id <= lastId) return;
          lastId = item.id;
        }
        queue.push(item);
        if (queue.length > options.maxQueue) {
          close(options.overflowError());
          return;
        }
        flush();
      },
    };

    function flush(): void {
      if (!opened) return;
      while (waiting.length > 0 && queue.length > 0)
        waiting.shift()!.resolve({ value: queue.shift()!, done: false });
      if (done && queue.length === 0) {
        for (const w of waiting.splice(0)) {
          if (failure) w.reject(failure);
          else w.resolve({ value: undefined, done: true });
        }
      }
    }

    function close(error?: Error): void {
      if (done) return;
      done = true;
      if (error) {
        failure = error;
        queue.length = 0;
        opened = true;
      }
      for (const key of keys) {
        const set = byKey.get(key);
        set?.delete(subscriber);
        if (set && set.size === 0) byKey.delete(key);
      }
      count -= 1;
      options.onCountChange?.(count);
      flush();
    }

    for (const key of keys) {
      let set = byKey.get(key);
      if (!set) {
        set = new Set();
        byKey.set(key, set);
      }
      set.add(subscriber);
    }
    count += 1;
    options.onCountChange?.(count);

    const iterator: ResumableSubscription<T> = {
      open(backlog, floor = 0n) {
        if (done || opened) return;
        lastId = floor;
        const live = queue.splice(0).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        for (const item of [...backlog, ...live]) {
          if (item.id <= lastId) continue;
          lastId = item.id;
          queue.push(item);
        }
        opened = true;
        flush();
      },
      close,
      next() {
        if (opened && queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
        if (done && (opened || failure)) {
          return failure ? Promise.reject(failure) : Promise.resolve({ value: undefined, done: true });
        }
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      // graphql-ws calls return() when the client unsubscribes or disconnects: free the slot at once.
      return() {
        failure = null;
        opened = true;
        queue.length = 0;
        close();
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(error?: unknown) {
        close(error instanceof Error ? error : new Error(String(error)));
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  return {
    subscribe,
    publish(key: string, item: T): number {
      const set = byKey.get(key);
      if (!set) return 0;
      for (const subscriber of [...set]) subscriber.deliver(item);
      return set.size;
    },
    subscribers: () => count,
  };
}

export type ResumableHub<T extends Sequenced> = ReturnType<typeof createResumableHub<T>>;
