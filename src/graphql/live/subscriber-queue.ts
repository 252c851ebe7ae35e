/**
 * The parts every in-memory live hub shares: the per-subscriber queue behind a GraphQL
 * subscription's async iterator, and the index of subscribers by key that a hub fans out through.
 * What a hub emits first on `open` (a snapshot, a backlog) and which items it lets through is the
 * hub's own business (chessboard-live-hub.ts, resumable-hub.ts).
 */

export interface SubscriberQueueOptions {
  /** Items a slow subscriber may have queued before it is ended with `overflowError()`. */
  readonly maxQueue: number;
  readonly overflowError: () => Error;
  /** Called once, when the queue closes (before waiting readers are settled): unregister here. */
  readonly onClose: () => void;
}

/** The async iterator handed to graphql-ws, with `close` and the hub's own methods on it. */
export type QueuedSubscription<T, Extra> = Extra &
  AsyncIterableIterator<T> & {
    close(error?: Error): void;
  };

/**
 * A queue-backed async iterator: items queue up until `open` (the hub arranges what goes first),
 * then flow to readers in order. `close(error)` drops what is queued and fails the readers;
 * `close()` lets them drain what is queued, then ends.
 */
export function createSubscriberQueue<T>(options: SubscriberQueueOptions) {
  const queue: T[] = [];
  const waiting: Array<{ resolve: (r: IteratorResult<T>) => void; reject: (e: Error) => void }> = [];
  let opened = false;
  let done = false;
  let failure: Error | null = null;

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
    options.onClose();
    flush();
  }

  return {
    isOpen: () => opened,
    isDone: () => done,
    /** Queue a live item; past `maxQueue` the subscription is closed with the overflow error. */
    push(item: T): void {
      if (done) return;
      queue.push(item);
      if (queue.length > options.maxQueue) {
        close(options.overflowError());
        return;
      }
      flush();
    },
    /** Let items flow, after `arrange` has put what must go first into the queue (in place). */
    open(arrange: (queued: T[]) => void): void {
      if (done) return;
      arrange(queue);
      opened = true;
      flush();
    },
    close,
    /** The iterator protocol over this queue, on one object with the hub's `extra` methods. */
    subscription<Extra extends object>(extra: Extra): QueuedSubscription<T, NoInfer<Extra>> {
      const iterator: QueuedSubscription<T, Extra> = {
        ...extra,
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
    },
  };
}

/** Subscribers indexed by key (a building, a deal, a recipient): one item costs O(its subscribers). */
export function createSubscriberIndex<S>() {
  const byKey = new Map<string, Set<S>>();
  return {
    add(key: string, subscriber: S): void {
      let set = byKey.get(key);
      if (!set) {
        set = new Set();
        byKey.set(key, set);
      }
      set.add(subscriber);
    },
    remove(key: string, subscriber: S): void {
      const set = byKey.get(key);
      set?.delete(subscriber);
      if (set && set.size === 0) byKey.delete(key);
    },
    /** The live set (its size changes as subscribers close); copy it before delivering. */
    get: (key: string): ReadonlySet<S> | undefined => byKey.get(key),
  };
}

export type SubscriberIndex<S> = ReturnType<typeof createSubscriberIndex<S>>;
