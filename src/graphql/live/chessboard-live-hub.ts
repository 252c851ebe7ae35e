import type { PropertyObjectStatus } from "../../contracts/chessboard-events.js";

/** A live change of one property object, carrying the object's Version. */
export type LiveDelta =
  | {
      readonly kind: "status";
      readonly propertyObjectId: string;
      readonly buildingId: string;
      readonly projectId: string;
      readonly version: number;
      readonly fromStatus: PropertyObjectStatus;
      readonly status: PropertyObjectStatus;
      readonly reservedUntil: Date | null;
      readonly bookedUntil: Date | null;
      readonly soldAt: Date | null;
      readonly changedAt: Date;
    }
  | {
      readonly kind: "price";
      readonly propertyObjectId: string;
      readonly buildingId: string;
      readonly projectId: string;
      readonly version: number;
      readonly price: string;
      readonly pricePerMeter: string;
      readonly changedAt: Date;
    };

export type LiveFilter = { readonly buildingId: string } | { readonly projectId: string };

/** A queue-backed async iterator; items flow only after `open(first)` put the snapshot first. */
export interface LiveSubscription<S> extends AsyncIterableIterator<S | LiveDelta> {
  open(first: S): void;
  close(error?: Error): void;
}

export class LiveOverflowError extends Error {
  readonly code = "CHESSBOARD_LIVE_OVERFLOW";
  constructor() {
    super("The subscriber fell too far behind; reconnect to get a fresh snapshot");
  }
}

export interface LiveHubOptions {
  /** Deltas a slow subscriber may have queued before it is disconnected (it then resubscribes). */
  readonly maxQueue: number;
  readonly onCountChange?: (subscribers: number) => void;
}

interface Subscriber {
  deliver(delta: LiveDelta): void;
}

/**
 * The in-memory fan-out of one API instance. Subscribers are indexed by building and by project,
 * so one change costs O(subscribers of that building/project), not O(all subscribers).
 */
export function createLiveHub(options: LiveHubOptions) {
  const byBuilding = new Map<string, Set<Subscriber>>();
  const byProject = new Map<string, Set<Subscriber>>();
  let count = 0;

  const indexOf = (filter: LiveFilter) =>
    "buildingId" in filter
      ? { map: byBuilding, key: filter.buildingId }
      : { map: byProject, key: filter.projectId };

  function subscribe<S>(filter: LiveFilter): LiveSubscription<S> {
    const queue: Array<S | LiveDelta> = [];
    const waiting: Array<{
      resolve: (r: IteratorResult<S | LiveDelta>) => void;
      reject: (e: Error) => void;
    }> = [];
    let opened = false;
    let done = false;
    let failure: Error | null = null;

    const { map, key } = indexOf(filter);
    const subscriber: Subscriber = {
      deliver(delta) {
        if (done) return;
        queue.push(delta);
        if (queue.length > options.maxQueue) {
          close(new LiveOverflowError());
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
      const set = map.get(key);
      set?.delete(subscriber);
      if (set && set.size === 0) map.delete(key);
      count -= 1;
      options.onCountChange?.(count);
      flush();
    }

    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(subscriber);
    count += 1;
    options.onCountChange?.(count);

    const iterator: LiveSubscription<S> = {
      open(first: S) {
        if (done) return;
        queue.unshift(first);
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
      // Called by graphql-ws when the client unsubscribes or disconnects: free the slot at once.
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
    publish(delta: LiveDelta): number {
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
    subscribers: () => count,
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
