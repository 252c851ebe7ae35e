import type { PartitionHandle } from "./port.js";

/** A partition's offset is committed at most once in this long while it is being read (decision 0626). */
export const COMMIT_EVERY_MS = 1_000;

/** An offset waiting to be committed: the partition ("topic:partition"), the next offset, its handle */
export interface CommitEntry {
  readonly tp: string;
  readonly next: string;
  readonly part: PartitionHandle;
}

/** Commits the entries, one request where the client can (decision 0632). */
type CommitFn = (entries: readonly CommitEntry[]) => Promise<void>;

/**
 * One consumer's offset commits, coalesced per member (decisions 0626, 0632). A batch's offset is
 * committed at once when the member's last commit is `everyMs` old (or the commit is urgent: a
 * stop, a revoked partition, a pause); otherwise it waits, replacing any offset of its partition
 * still waiting, and everything waiting goes out together `everyMs` after the last commit — one
 * request for every partition the member read meanwhile. A live member then costs the broker one
 * commit a second, not one a batch or one a partition; a crash re-reads at most that second, which
 * the dedup marks and the idempotent handlers absorb, as they absorb a crash between a scope's
 * commit and its offset's.
 */
export class OffsetCommits {
  private last: number | undefined;
  private readonly pending = new Map<string, CommitEntry>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly commit: CommitFn,
    private readonly everyMs: number = COMMIT_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The partition's next offset after a batch whose scope committed. */
  async offer(tp: string, next: string, part: PartitionHandle, urgent: boolean): Promise<void> {
    if (urgent) {
      this.pending.delete(tp);
      await this.commit([{ tp, next, part }]);
      return;
    }
    this.pending.set(tp, { tp, next, part });
    const at = this.now();
    if (this.last === undefined || at - this.last >= this.everyMs) {
      await this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.last + this.everyMs - at);
    this.timer.unref?.();
  }

  /** Offsets waiting, by partition (tests, logs) */
  waiting(): ReadonlyMap<string, string> {
    return new Map([...this.pending].map(([tp, p]) => [tp, p.next]));
  }

  /** Every waiting offset committed now, together (the member's tick, a graceful stop). */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.pending.size === 0) return;
    const entries = [...this.pending.values()];
    this.pending.clear();
    this.last = this.now();
    await this.commit(entries);
  }

  /**
   * A (re)join or a fresh member: what waits belongs to the old membership, whose partitions may be
   * another member's now (that member re-reads from the last commit, deduplicated).
   */
  forget(): void {
    this.clearTimer();
    this.pending.clear();
    this.last = undefined;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
