/**
 * Offsets a consumer finished but could not commit, watched (issue #21, decision 0370).
 *
 * kafkajs 2.2.4's offset manager keeps the group coordinator it was given at the last join: when
 * that node goes away it looks the *same node id* up again ("Broker 1 not found in the cached
 * metadata") and, once the node is back but no longer the coordinator, sends it every commit
 * ("This is not the correct coordinator for this group") — it never asks which node coordinates
 * the group now. The handlers go on (a failed commit only means redelivery), but the group's
 * committed offsets stop moving, and once no more messages come nothing makes the group rejoin:
 * the lag stays for good (docs/engineering/faults.md, cluster run 4). A partition whose done offset stays
 * uncommitted for `stallMs` with no rejoin in between is such a consumer: `onStall` replaces it
 * with a fresh one, which finds the coordinator, joins, and re-reads from the committed offset
 * (the dedup marks absorb what was already applied).
 */
export interface CommitWatch {
  /** A commit of `partition` failed: its done offset is uncommitted from now on */
  failed(partition: string, error: unknown): void;
  /** A commit of `partition` went through */
  committed(partition: string): void;
  /** A (re)join or a fresh consumer: what the old membership left uncommitted is re-read anyway */
  reset(): void;
}

export interface CommitStall {
  /** Partitions ("topic:partition") still uncommitted when the watch fired */
  readonly partitions: readonly string[];
  /** How long the oldest of them has been uncommitted */
  readonly forMs: number;
  readonly lastError: unknown;
}

export interface CommitWatchOptions {
  readonly stallMs: number;
  onStall(stall: CommitStall): void;
  readonly now?: () => number;
}

export class CommitStalledError extends Error {
  constructor(stall: CommitStall) {
    super(
      `offsets of ${stall.partitions.join(", ")} uncommitted for ${Math.round(stall.forMs / 1000)} s with no rejoin: the consumer's group session is stale`,
      { cause: stall.lastError },
    );
    this.name = "CommitStalledError";
  }
}

export function watchCommits(options: CommitWatchOptions): CommitWatch {
  const now = options.now ?? Date.now;
  /** partition → when its first still-uncommitted failure happened */
  const failing = new Map<string, number>();
  let lastError: unknown = null;
  let timer: NodeJS.Timeout | null = null;

  const disarm = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const check = () => {
    timer = null;
    if (failing.size === 0) return;
    const oldest = Math.min(...failing.values());
    const forMs = now() - oldest;
    if (forMs < options.stallMs) {
      timer = setTimeout(check, options.stallMs - forMs);
      timer.unref?.();
      return;
    }
    const stall: CommitStall = { partitions: [...failing.keys()].sort(), forMs, lastError };
    failing.clear();
    options.onStall(stall);
  };

  return {
    failed(partition, error) {
      lastError = error;
      if (!failing.has(partition)) failing.set(partition, now());
      if (!timer) {
        timer = setTimeout(check, options.stallMs);
        timer.unref?.();
      }
    },
    committed(partition) {
      failing.delete(partition);
      if (failing.size === 0) disarm();
    },
    reset() {
      failing.clear();
      disarm();
    },
  };
}
