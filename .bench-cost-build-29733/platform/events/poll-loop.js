import { createSleeper } from "./sleep.js";
function createPollLoop(options) {
  const sleeper = createSleeper();
  let running = false;
  let loop = null;
  let nudged = false;
  let idleSleep = false;
  let rearmed = false;
  const idleMs = () => typeof options.idleMs === "number" ? options.idleMs : options.idleMs();
  async function run() {
    let failures = 0;
    while (running) {
      let outcome;
      let error;
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
    isRunning: () => running
  };
}
export {
  createPollLoop
};
//# sourceMappingURL=poll-loop.js.map
