import type { PartitionHandle } from "./port.js";

/** A partition's offset is committed at most once in this long while it is being read (decision 0626). */
export const COMMIT_EVERY_MS = 1_000;

type CommitFn = (tp: string, next: string, part: PartitionHandle) => Promise<void>;

interface Pending {
  readonly next: string;
  readonly part: PartitionHandle;
}

/**
 * One consumer's offset commits, coalesced per partition (decision 0626). A batch's offset is
 * committed at once when the partition's last commit is `everyMs` old (or the commit is urgent: a
 * stop, a revoked partition, a pause); otherwise it waits, replacing any offset still waiting, and
 * the newest goes out `everyMs` after the last commit. A live partition then costs the broker one
 * commit a second, not one a batch; a crash re-reads at most that second, which the dedup marks and
 * the idempotent handlers absorb, as they absorb a crash between a scope's commit and its offset's.
 */
export class OffsetCommits {
  private readonly last = new Map<string, number>();
  private readonly pending = new Map<string, Pending>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly commit: CommitFn,
    private readonly everyMs: number = COMMIT_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The partition's next offset after a batch whose scope committed. */
  async offer(tp: string, next: string, part: PartitionHandle, urgent: boolean): Promise<void> {
    const at = this.now();
    const last = this.last.get(tp);
    if (urgent || last === undefined || at - last >= this.everyMs) {
      this.clearTimer(tp);
      this.pending.delete(tp);
      this.last.set(tp, at);
      await this.commit(tp, next, part);
      return;
    }
    this.pending.set(tp, { next, part });
    if (this.timers.has(tp)) return;
    const timer = setTimeout(() => void this.flushOne(tp), last + this.everyMs - at);
    timer.unref?.();
    this.timers.set(tp, timer);
  }

  /** Offsets waiting, by partition (tests, logs) */
  waiting(): ReadonlyMap<string, string> {
    return new Map([...this.pending].map(([tp, p]) => [tp, p.next]));
  }

  /** A graceful stop: every waiting offset committed now. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((tp) => this.flushOne(tp)));
  }

  /**
   * A (re)join or a fresh member: what waits belongs to the old membership, whose partitions may be
   * another member's now (that member re-reads from the last commit, deduplicated).
   */
  forget(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
    this.last.clear();
  }

  private async flushOne(tp: string): Promise<void> {
    this.clearTimer(tp);
    const p = this.pending.get(tp);
    if (!p) return;
    this.pending.delete(tp);
    this.last.set(tp, this.now());
    await this.commit(tp, p.next, p.part);
  }

  private clearTimer(tp: string): void {
    const t = this.timers.get(tp);
    if (t) clearTimeout(t);
    this.timers.delete(tp);
  }
}
