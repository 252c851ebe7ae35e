import type { Consumer } from "@platformatic/kafka";
import type { Logger } from "../../../log/logger.js";
import type { PartitionHandle as CorePartitionHandle, TopicPartition } from "../../transport/core/port.js";
import type { InboundMessage } from "../../wire.js";

export type { TopicPartition } from "../../transport/core/port.js";

/** The core's handle of a fetched run, and whether the partition is still this member's. */
export interface PartitionHandle extends CorePartitionHandle {
  /** Still this member's partition: no rebalance took it away and the member did not fail */
  owned(): boolean;
}

export interface PartitionFetcherSpec {
  readonly consumer: Consumer;
  readonly topics: readonly string[];
  readonly log: Logger;
  /** Where newly assigned partitions start, by "topic:partition" (a missing one starts at its first offset) */
  positions(assigned: readonly TopicPartition[]): Promise<Map<string, bigint>>;
  /** One fetched run of a partition's messages, in offset order */
  handle(messages: readonly InboundMessage[], partition: PartitionHandle): Promise<void>;
  /** At every join: what belonged to the old assignment (backoff timers) is forgotten */
  onAssigned?(): void;
  readonly fetch: {
    readonly maxWaitMs: number;
    readonly minBytes: number;
    readonly maxBytes: number;
    readonly maxBytesPerPartition: number;
  };
  readonly group: {
    readonly sessionTimeoutMs: number;
    readonly heartbeatMs: number;
    readonly rebalanceTimeoutMs: number;
  };
  /** Bounds (decision 0523): a metadata, offsets or commit call; a fetch; a partition left unserved */
  readonly deadlines: {
    readonly callMs: number;
    readonly fetchMs: number;
    readonly stallMs: number;
  };
}

/**
 * The commits of one partition (4-commit.ts): always of the highest offset asked so far, one at a
 * time; a failed one stays wanted and is retried by the fetch loop with a backoff.
 */
export interface CommitState {
  readonly token: number;
  wanted: bigint;
  done: bigint;
  chain: Promise<void>;
  failures: number;
  retryAt: number;
  retrying: boolean;
}

/** Everything one member's fetcher holds, keyed by "topic:partition". */
export interface FetcherState {
  readonly spec: PartitionFetcherSpec;
  readonly consumer: Consumer;
  readonly log: Logger;
  readonly topics: string[];
  /** Ownership token of every assigned partition: a new one whenever a join (re)assigns it */
  readonly tokens: Map<string, number>;
  readonly partitions: Map<string, TopicPartition>;
  /** The next offset to fetch of each positioned partition */
  readonly positions: Map<string, bigint>;
  readonly paused: Set<string>;
  /** The handler at work on a partition */
  readonly busy: Map<string, Promise<void>>;
  /** Brokers with a fetch in flight (one at a time per broker) */
  readonly inFlightNodes: Set<number>;
  /** When each assigned partition was last served: positioned, fetched (a failed fetch is not), handed out, resumed */
  readonly servedAt: Map<string, number>;
  readonly commits: Map<string, CommitState>;
  nextToken: number;
  stopped: boolean;
  failure: { error: unknown } | null;
  fetchFailures: number;
  pendingWake: boolean;
  wakeUp: (() => void) | null;
}

export const keyOf = (topic: string, partition: number) => `${topic}:${partition}`;

export function createFetcherState(spec: PartitionFetcherSpec): FetcherState {
  return {
    spec,
    consumer: spec.consumer,
    log: spec.log,
    topics: [...spec.topics],
    tokens: new Map(),
    partitions: new Map(),
    positions: new Map(),
    paused: new Set(),
    busy: new Map(),
    inFlightNodes: new Set(),
    servedAt: new Map(),
    commits: new Map(),
    nextToken: 1,
    stopped: false,
    failure: null,
    fetchFailures: 0,
    pendingWake: false,
    wakeUp: null,
  };
}

export function served(s: FetcherState, key: string): void {
  if (s.tokens.has(key)) s.servedAt.set(key, performance.now());
}

/** Ends the fetch loop's wait (or the next one at once). */
export function wake(s: FetcherState): void {
  s.pendingWake = true;
  const w = s.wakeUp;
  s.wakeUp = null;
  w?.();
}

export function waitForWork(s: FetcherState, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (s.pendingWake || s.stopped || s.failure) {
      s.pendingWake = false;
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      s.wakeUp = null;
      resolve();
    }, ms);
    s.wakeUp = () => {
      clearTimeout(timer);
      s.pendingWake = false;
      resolve();
    };
  });
}

/** The member is unusable: the fetch loop ends and `done` rejects with the first failure. */
export function fail(s: FetcherState, error: unknown): void {
  s.failure ??= { error };
  wake(s);
}
