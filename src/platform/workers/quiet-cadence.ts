/**
 * A periodic worker's quiet cadence (decision 0614). A worker that drains a queue other writers
 * fill (facet groups, saved-search alerts, projection rebuilds) keeps its cadence while the system
 * is active and slows to `quietEvery` once nothing happened for QUIET_AFTER_MS: no sign of
 * activity (a commit signal: an outbox insert or an event-log append anywhere in the database)
 * and no cycle that found work. A sign of activity during a quiet sleep ends it where the fast
 * cadence would have (`every` after the last cycle ended). Only while the signs can arrive
 * (`listening()`); otherwise the fast cadence always.
 */
export interface Activity {
  /** Calls `listener` on each sign of activity; returns the unsubscribe. */
  on(listener: () => void): () => void;
  /** False while no sign can arrive (commit signals off, or their connection down). */
  listening(): boolean;
}

export interface QuietOptions {
  /** The delay between cycles while quiet, ms */
  readonly every: number;
  readonly activity: Activity;
  /** Quiet after this long without activity, ms; default QUIET_AFTER_MS (tests shorten it) */
  readonly after?: number;
}

/** Quiet after this long without a sign of activity or a cycle that found work */
export const QUIET_AFTER_MS = 60_000;

/** Pure state: which delay comes next, given the moments of activity (the caller's clock, ms). */
export function createQuietCadence(every: number, quiet: QuietOptions | undefined, now: () => number) {
  let lastActive = now();
  let lastEnded = now();
  return {
    /** A sign of activity, or a cycle that found work. */
    active(): void {
      lastActive = now();
    },
    cycleEnded(): void {
      lastEnded = now();
    },
    /** The delay the next cycle waits (before jitter), and whether it is the quiet one. */
    next(): { delay: number; quiet: boolean } {
      const isQuiet =
        quiet !== undefined &&
        quiet.activity.listening() &&
        now() - lastActive >= (quiet.after ?? QUIET_AFTER_MS);
      return isQuiet ? { delay: Math.max(every, quiet.every), quiet: true } : { delay: every, quiet: false };
    },
    /** After activity ended a quiet sleep: what is left of the fast cadence's delay. */
    resumeDelay(): number {
      return Math.max(0, lastEnded + every - now());
    },
  };
}
