import type { Clock } from "../../clock/clock.js";

/** A timer may fire a little before the moment it was armed for (clock granularity): rather after. */
const LATE_MS = 2;

/**
 * The parked scanner's idle sleep (decision 0613): until the group's earliest future retry, at
 * most `pollMs()`. A pass that found nothing due reads that moment from PostgreSQL (`passRead`);
 * a message parked in this process meanwhile lowers it (`hint`). A hint given during a pass is
 * kept past the pass's read (which may have run before the park committed); the next pass
 * forgets it (its own read sees the row). Pure state, no I/O: the moments are the clock's.
 */
export function createDueTimer(deps: { clock: Clock; pollMs: () => number }) {
  /** the earliest retry to come as last read or hinted, epoch ms */
  let next: number | null = null;
  /** hinted since the current pass began */
  let hinted: number | null = null;
  const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

  return {
    passBegins(): void {
      hinted = null;
    },
    passRead(at: Date | null): void {
      next = earliest(at?.getTime() ?? null, hinted);
    },
    /** Returns true when `at` is earlier than the moment the scanner sleeps until (re-arm it). */
    hint(at: Date): boolean {
      const ms = at.getTime();
      hinted = earliest(hinted, ms);
      if (next !== null && next <= ms) return false;
      next = ms;
      return true;
    },
    sleepMs(): number {
      const poll = deps.pollMs();
      if (next === null) return poll;
      return Math.min(poll, Math.max(0, next - deps.clock.now().getTime()) + LATE_MS);
    },
  };
}
