import { createSleeper } from "./sleep.js";

/**
 * The loop every poller of the event platform runs: the outbox relay's workers, the local
 * transport's consumer and broadcast readers, the parked scanner.
 *
 * Why not `createPeriodicWorker` (decision 0460): a poller is not periodic. It runs its next pass
 * at once while work is waiting (a full batch), sleeps `idleMs` only when a pass found nothing,
 * backs off by its own policy while passes fail (the relay's 200 ms → 30 s doubling, the
 * consumer's retry policy), and must wake early on a signal — `whenCaughtUp()` wakes the relay,
 * `stop()` ends a sleep at once. `createPeriodicWorker` has a fixed cadence (`every` ± jitter)
 * with no wake-up, and would count every 50 ms poll as a `pin_worker_*` cycle.
 */
export type PassOutcome = "busy" | "idle" | "failed";

export interface PollLoopOptions {
  /** One pass: "busy" runs the next at once, "idle" sleeps `idleMs`, "failed" (or a throw) backs off */
  readonly pass: () => Promise<PassOutcome>;
  /** The sleep after an idle pass; a function is asked before each such sleep (decision 0588) */
  readonly idleMs: number | (() => number);
  /**
   * The pause after the `failures`-th failed pass in a row (1, 2, …); `error` is what the pass threw
   * (undefined when it answered "failed"). Log and count here.
   */
  readonly onFailure: (failures: number, error: unknown) => number | Promise<number>;
  /** The first good pass after `failures` failed ones */
  readonly onRecovered?: (failures: number) => void;
}

export interface PollLoop {
  start(): void;
  /** Ends the sleep in progress and waits for the pass in flight. */
  stop(): Promise<void>;
  /** Ends the sleep in progress (new work is there): the next pass runs now. */
  wake(): void;
  /**
   * New work was committed (a PostgreSQL NOTIFY, decision 0485): ends an idle sleep, or — when it
   * comes during a pass — skips the idle sleep after it, so a commit is never missed between a
   * pass's read and its sleep. It never shortens a failure backoff: a burst of commits while the
   * broker is down must not turn the backoff into a retry per commit.
   */
  nudge(): void;
  /**
   * The idle sleep's length may have changed (an earlier deadline became known, decision 0613):
   * ends the idle sleep in progress and sleeps again for `idleMs()` from now, without a pass. Does
   * nothing during a pass or a failure backoff (the next idle sleep asks `idleMs()` anyway).
   */
  rearm(): void;
  /** False once stop() was called: a pass checks it to end early. */
  isRunning(): boolean;
  /** In its idle sleep (not in a pass, not backing off): a nudge would start a pass now. */
  isIdle(): boolean;
}

export function createPollLoop(options: PollLoopOptions): PollLoop {
  const sleeper = createSleeper();
  let running = false;
  let loop: Promise<void> | null = null;
  /** a nudge came since the current pass began */
  let nudged = false;
  let idleSleep = false;
  /** a rearm() ended the idle sleep: sleep again for the new length */
  let rearmed = false;
  const idleMs = () => (typeof options.idleMs === "number" ? options.idleMs : options.idleMs());

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      let outcome: PassOutcome;
      let error: unknown;
      nudged = false;
      try {
        outcome = await options.pass();
      } catch (thrown) {
        outcome = "failed";
        error = thrown;
      }
      if (outcome === "failed") {
        failures += 1;
        const delay = await options.onFailure(failures, error);
        if (running) await sleeper.sleep(delay);
        continue;
      }
      if (failures > 0) options.onRecovered?.(failures);
      failures = 0;
      // A stop() during the pass found no sleep to end: do not start one.
      if (outcome === "idle" && running && !nudged) {
        idleSleep = true;
        do {
          rearmed = false;
          await sleeper.sleep(idleMs());
        } while (rearmed && running && !nudged);
        idleSleep = false;
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      sleeper.wake();
      await loop;
      loop = null;
    },
    wake: () => sleeper.wake(),
    nudge() {
      nudged = true;
      if (idleSleep) sleeper.wake();
    },
    rearm() {
      if (!idleSleep) return;
      rearmed = true;
      sleeper.wake();
    },
    isRunning: () => running,
    isIdle: () => idleSleep,
  };
}
