import type { PropertyObjectStatus } from "../../contracts/chessboard-events.js";
import { createSubscriberIndex, createSubscriberQueue } from "./subscriber-queue.js";

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
  const byBuilding = createSubscriberIndex<Subscriber>();
  const byProject = createSubscriberIndex<Subscriber>();
  let count = 0;

  const indexOf = (filter: LiveFilter) =>
    "buildingId" in filter
      ? { index: byBuilding, key: filter.buildingId }
      : { index: byProject, key: filter.projectId };

  function subscribe<S>(filter: LiveFilter): LiveSubscription<S> {
    const { index, key } = indexOf(filter);
    const queue = createSubscriberQueue<S | LiveDelta>({
      maxQueue: options.maxQueue,
      overflowError: () => new LiveOverflowError(),
      onClose() {
        index.remove(key, subscriber);
        count -= 1;
        options.onCountChange?.(count);
      },
    });
    const subscriber: Subscriber = { deliver: (delta) => queue.push(delta) };

    index.add(key, subscriber);
    count += 1;
    options.onCountChange?.(count);

    return queue.subscription({
      open(first: S) {
        queue.open((queued) => queued.unshift(first));
      },
    });
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
