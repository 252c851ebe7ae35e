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

interface Waiter<T> {
  resolve(result: IteratorResult<T>): void;
  reject(error: Error): void;
}

/**
 * A queue-backed async iterator: items queue up until `open` (the hub arranges what goes first),
 * then flow to readers in order. `close(error)` drops what is queued and fails the readers;
 * `close()` lets them drain what is queued, then ends. A class, not closures: it is one per live
 * subscriber (decision 0491).
 */
export function createSubscriberQueue<T>(options: SubscriberQueueOptions): SubscriberQueue<T> {
  return new SubscriberQueue<T>(options);
}

export class SubscriberQueue<T> {
  /** @internal queued items */
  readonly queue: T[] = [];
  /** @internal readers waiting for an item */
  readonly waiting: Waiter<T>[] = [];
  /** @internal */
  opened = false;
  /** @internal */
  done = false;
  /** @internal */
  failure: Error | null = null;

  constructor(private readonly options: SubscriberQueueOptions) {}

  isOpen(): boolean {
    return this.opened;
  }

  isDone(): boolean {
    return this.done;
  }

  /** @internal */
  flush(): void {
    if (!this.opened) return;
    const { queue, waiting } = this;
    while (waiting.length > 0 && queue.length > 0)
      waiting.shift()!.resolve({ value: queue.shift()!, done: false });
    if (this.done && queue.length === 0) {
      for (const w of waiting.splice(0)) {
        if (this.failure) w.reject(this.failure);
        else w.resolve({ value: undefined, done: true });
      }
    }
  }

  close(error?: Error): void {
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
  push(item: T): void {
    if (this.done) return;
    this.queue.push(item);
    if (this.queue.length > this.options.maxQueue) {
      this.close(this.options.overflowError());
      return;
    }
    this.flush();
  }

  /** Let items flow, after `arrange` has put what must go first into the queue (in place). */
  open(arrange: (queued: T[]) => void): void {
    if (this.done) return;
    arrange(this.queue);
    this.opened = true;
    this.flush();
  }

  /** The iterator protocol over this queue, on one object with the hub's `extra` methods. */
  subscription<Extra extends object>(extra: Extra): QueuedSubscription<T, NoInfer<Extra>> {
    return Object.assign(new QueueIterator<T>(this), extra);
  }
}

class QueueIterator<T> implements AsyncIterableIterator<T> {
  constructor(private readonly source: SubscriberQueue<T>) {}

  close(error?: Error): void {
    this.source.close(error);
  }

  next(): Promise<IteratorResult<T>> {
    const q = this.source;
    if (q.opened && q.queue.length > 0) return Promise.resolve({ value: q.queue.shift()!, done: false });
    if (q.done && (q.opened || q.failure)) {
      return q.failure ? Promise.reject(q.failure) : Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => q.waiting.push({ resolve, reject }));
  }

  // graphql-ws calls return() when the client unsubscribes or disconnects: free the slot at once.
  return(): Promise<IteratorResult<T>> {
    const q = this.source;
    q.failure = null;
    q.opened = true;
    q.queue.length = 0;
    q.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<T>> {
    this.source.close(error instanceof Error ? error : new Error(String(error)));
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
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
