import { counter, histogram } from "../metrics/registry.js";
import { createQuietCadence } from "./quiet-cadence.js";
const DEFAULT_JITTER = 0.1;
const MS_PER_SECOND = 1e3;
function jitteredDelay(every, jitter, random) {
  const spread = Math.min(Math.max(jitter, 0), 1) * every;
  return Math.max(0, Math.round(every + spread * (2 * random() - 1)));
}
function createPeriodicWorker(options) {
  const { name, every } = options;
  const jitter = options.jitter ?? DEFAULT_JITTER;
  const random = options.random ?? Math.random;
  const itemsOf = options.items ?? ((result) => typeof result === "number" ? result : 0);
  const log = options.log.child({ worker: name });
  const cycles = counter(options.metrics, "pin_worker_cycles_total", "Periodic worker cycles by outcome", [
    "worker",
    "result"
  ]);
  const items = counter(options.metrics, "pin_worker_items_total", "Items handled by periodic workers", [
    "worker"
  ]);
  const duration = histogram(
    options.metrics,
    "pin_worker_cycle_duration_seconds",
    "Duration of one periodic worker cycle",
    ["worker"]
  );
  let timer = null;
  let running = null;
  let stopped = true;
  const cadence = createQuietCadence(every, options.quiet, options.now ?? Date.now);
  let sleepingQuiet = false;
  let unlisten = null;
  async function runOnce() {
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
  function cycle() {
    timer = null;
    running = runOnce().catch((error) => log.error({ err: error }, "worker cycle failed; retrying next cycle")).finally(() => {
      running = null;
      cadence.cycleEnded();
      schedule();
    });
  }
  function schedule() {
    if (stopped) return;
    const next = cadence.next();
    if (next.quiet && !sleepingQuiet) log.debug({ quietMs: next.delay }, "worker quiet");
    sleepingQuiet = next.quiet;
    timer = setTimeout(cycle, jitteredDelay(next.delay, jitter, random));
  }
  function onActivity() {
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
    runOnce
  };
}
export {
  createPeriodicWorker,
  jitteredDelay
};
//# sourceMappingURL=periodic-worker.js.map
