import type { Logger } from "../log/logger.js";
import { counter, histogram, type Registry } from "../metrics/registry.js";
import { createQuietCadence, type QuietOptions } from "./quiet-cadence.js";

/**
 * The one periodic-worker primitive: every timer-driven job of the `workers` role (booking
 * expiration, hold expiration; notification, override-expiry and catalog sweeps next) is a
 * `runOnce` handed to this. It runs the first cycle at start, then one cycle `every` ms after the
 * previous one ended, each delay jittered by ±`jitter` so replicas started together spread out;
 * cycles never overlap; a failed cycle is logged and counted and the next one runs on schedule;
 * `stop()` cancels the timer and waits for the cycle in flight (its transaction commits or rolls
 * back whole). With `quiet` (decision 0614, quiet-cadence.ts) the delay is the slower quiet one
 * after a minute without activity, and a sign of activity brings the next cycle back.
 *
 * Metrics (label `worker` = the name given here, a fixed set):
 *   pin_worker_cycles_total{worker,result=ok|failed}, pin_worker_items_total{worker},
 *   pin_worker_cycle_duration_seconds{worker}.
 */
export interface PeriodicWorkerOptions<R> {
  /** Fixed, low-cardinality name: the metric label and the log field. */
  readonly name: string;
  /** Milliseconds between the end of one cycle and the start of the next. */
  readonly every: number;
  /** One full cycle (usually: batches until one comes back short). */
  readonly runOnce: () => Promise<R>;
  /** Items a cycle handled, for pin_worker_items_total; default: the result if it is a number, else 0. */
  readonly items?: (result: R) => number;
  /** Fraction of `every` each delay may vary by, 0..1. Default 0.1. */
  readonly jitter?: number;
  readonly log: Logger;
  readonly metrics: Registry;
  /** Injected in unit tests; Math.random otherwise. */
  readonly random?: () => number;
  /** Slower while the system is quiet, woken by activity (decision 0614); default: always `every` */
  readonly quiet?: QuietOptions;
  /** Injected in unit tests; Date.now otherwise. */
  readonly now?: () => number;
}

export interface PeriodicWorker<R> {
  start(): Promise<void>;
  /** Cancels the next cycle and waits for the one in flight. */
  stop(): Promise<void>;
  /** One cycle now, outside the schedule (tests, the CLI); counted like a scheduled one. */
  runOnce(): Promise<R>;
}

const DEFAULT_JITTER = 0.1;
const MS_PER_SECOND = 1000;

/** The delay before the next cycle: `every` ± jitter·every, never negative. */
export function jitteredDelay(every: number, jitter: number, random: () => number): number {
  const spread = Math.min(Math.max(jitter, 0), 1) * every;
  return Math.max(0, Math.round(every + spread * (2 * random() - 1)));
}

export function createPeriodicWorker<R>(options: PeriodicWorkerOptions<R>): PeriodicWorker<R> {
  const { name, every } = options;
  const jitter = options.jitter ?? DEFAULT_JITTER;
  const random = options.random ?? Math.random;
  const itemsOf = options.items ?? ((result: R) => (typeof result === "number" ? result : 0));
  const log = options.log.child({ worker: name });
  const cycles = counter(options.metrics, "pin_worker_cycles_total", "Periodic worker cycles by outcome", [
    "worker",
    "result",
  ]);
  const items = counter(options.metrics, "pin_worker_items_total", "Items handled by periodic workers", [
    "worker",
  ]);
  const duration = histogram(
    options.metrics,
    "pin_worker_cycle_duration_seconds",
    "Duration of one periodic worker cycle",
    ["worker"],
  );

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  const cadence = createQuietCadence(every, options.quiet, options.now ?? Date.now);
  /** the pending timer is a quiet one: activity may bring it forward */
  let sleepingQuiet = false;
  let unlisten: (() => void) | null = null;

  async function runOnce(): Promise<R> {
    const started = performance.now();
    try {
      const result = await options.runOnce();
      cycles.inc({ worker: name, result: "ok" });
      const handled = itemsOf(result);
      if (handled > 0) {
        items.inc({ worker: name }, handled);
        cadence.active();
      }
      return result;
    } catch (error) {
      cycles.inc({ worker: name, result: "failed" });
      throw error;
    } finally {
      duration.observe({ worker: name }, (performance.now() - started) / MS_PER_SECOND);
    }
  }

  function cycle(): void {
    timer = null;
    running = runOnce()
      .catch((error: unknown) => log.error({ err: error }, "worker cycle failed; retrying next cycle"))
      .finally(() => {
        running = null;
        cadence.cycleEnded();
        schedule();
      });
  }

  function schedule(): void {
    if (stopped) return;
    const next = cadence.next();
    if (next.quiet && !sleepingQuiet) log.debug({ quietMs: next.delay }, "worker quiet");
    sleepingQuiet = next.quiet;
    timer = setTimeout(cycle, jitteredDelay(next.delay, jitter, random));
  }

  /** Activity during a quiet sleep: the next cycle where the fast cadence would have run it. */
  function onActivity(): void {
    cadence.active();
    if (!sleepingQuiet || !timer || stopped) return;
    clearTimeout(timer);
    sleepingQuiet = false;
    timer = setTimeout(cycle, cadence.resumeDelay());
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      log.debug({ everyMs: every, jitter }, "worker started");
      cadence.active();
      unlisten = options.quiet?.activity.on(onActivity) ?? null;
      cycle();
    },
    async stop() {
      stopped = true;
      unlisten?.();
      unlisten = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}
