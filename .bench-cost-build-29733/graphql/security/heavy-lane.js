const HEAVY_COST_UNITS = 10;
const MAX_REST_MS = 2e3;
function createHeavyLane(slots, maxWaiting, restRatio = 1, now = Date.now) {
  let running = 0;
  const queue = [];
  const pass = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  const slot = () => {
    const since = now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const rest = Math.min(MAX_REST_MS, (now() - since) * restRatio);
      if (rest >= 1) setTimeout(pass, rest).unref();
      else pass();
    };
  };
  return {
    async enter() {
      if (running < slots) {
        running++;
        return slot();
      }
      if (queue.length >= maxWaiting) return null;
      await new Promise((resolve) => queue.push(resolve));
      return slot();
    },
    running: () => running,
    waiting: () => queue.length
  };
}
export {
  HEAVY_COST_UNITS,
  createHeavyLane
};
//# sourceMappingURL=heavy-lane.js.map
