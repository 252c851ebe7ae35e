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
import { createSubscriberIndex, createSubscriberQueue } from "./subscriber-queue.js";

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
  const byKey = createSubscriberIndex<Subscriber<T>>();
  let count = 0;

  function subscribe(keys: readonly string[], accept: (item: T) => boolean = () => true) {
    let lastId = 0n;
    const queue = createSubscriberQueue<T>({
      maxQueue: options.maxQueue,
      overflowError: options.overflowError,
      onClose() {
        for (const key of keys) byKey.remove(key, subscriber);
        count -= 1;
        options.onCountChange?.(count);
      },
    });
    const subscriber: Subscriber<T> = {
      deliver(item) {
        if (queue.isDone() || !accept(item)) return;
        if (queue.isOpen()) {
          if (item.id <= lastId) return;
          lastId = item.id;
        }
        queue.push(item);
      },
    };

    for (const key of keys) byKey.add(key, subscriber);
    count += 1;
    options.onCountChange?.(count);

    const subscription: ResumableSubscription<T> = queue.subscription({
      open(backlog: readonly T[], floor = 0n) {
        if (queue.isDone() || queue.isOpen()) return;
        queue.open((queued) => {
          lastId = floor;
          const live = queued.splice(0).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
          for (const item of [...backlog, ...live]) {
            if (item.id <= lastId) continue;
            lastId = item.id;
            queued.push(item);
          }
        });
      },
    });
    return subscription;
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
