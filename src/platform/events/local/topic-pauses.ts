/**
 * The paused topics of one local consumer (an infrastructure failure pauses a topic for its backoff)
 * and when its poll loop must wake for them.
 *
 * A pass that finds a topic still paused skips it; the loop then sleeps until the pause ends. Timers
 * fire up to a millisecond or so before `Date.now()` reaches their end, and the pass takes a round
 * trip or two (the group lock) after its check: by the time the sleep was computed the skipped pause
 * had ended, was no longer "a pause in the future", and the loop slept the commit-signal fallback
 * (30 s) instead — the funnel's outage test waited 30 s for its retry twice in CI (sessions 21, 22).
 * So the pause a pass skipped is remembered until the next pass, and the wake is at its end or now.
 */
export class TopicPauses {
  private readonly pauses = new Map<string, { failures: number; until: number }>();
  /** The earliest end of a pause the current pass skipped (null: it skipped none) */
  private skippedUntil: number | null = null;

  /** A pass begins: nothing skipped yet. */
  beginPass(): void {
    this.skippedUntil = null;
  }

  /** True (and remembered) when `topic` is still paused at `now`: the pass skips it. */
  skips(topic: string, now: number): boolean {
    const pause = this.pauses.get(topic);
    if (!pause || pause.until <= now) return false;
    this.skippedUntil = Math.min(this.skippedUntil ?? Number.POSITIVE_INFINITY, pause.until);
    return true;
  }

  /** `topic` failed again: its n-th pause in a row, of `delayMs(n)`; returns n and the delay. */
  fail(
    topic: string,
    now: number,
    delayMs: (failures: number) => number,
  ): { failures: number; delayMs: number } {
    const failures = (this.pauses.get(topic)?.failures ?? 0) + 1;
    const delay = delayMs(failures);
    this.pauses.set(topic, { failures, until: now + delay });
    return { failures, delayMs: delay };
  }

  /** `topic` was read without a failure: its backoff starts over. */
  recovered(topic: string): void {
    this.pauses.delete(topic);
  }

  /** How long the loop may sleep for the pauses: until the soonest pause still ahead, or a skipped one's end (0 when past). */
  wakeInMs(now: number): number {
    let soonest =
      this.skippedUntil === null ? Number.POSITIVE_INFINITY : Math.max(0, this.skippedUntil - now);
    for (const { until } of this.pauses.values()) if (until > now) soonest = Math.min(soonest, until - now);
    return soonest;
  }
}
