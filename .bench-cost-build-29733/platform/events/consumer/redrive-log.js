import { redriveParked } from "./sql/redrive-parked.js";
function createRedriveLog() {
  let seq = 0;
  let inFlight = 0;
  const last = /* @__PURE__ */ new Map();
  return {
    /** A batch begins: its mark, for `end`. */
    begin() {
      inFlight += 1;
      return seq;
    },
    /** Messages with these wait keys were handled (and their waiters re-driven). */
    noted(waitKeys) {
      if (waitKeys.length === 0) return;
      seq += 1;
      for (const key of waitKeys) last.set(key, seq);
    },
    /** A batch ended: the wait keys re-driven since its mark (forgotten once no batch is in flight). */
    end(mark) {
      inFlight -= 1;
      const keys = [];
      for (const [key, at] of last) if (at > mark) keys.push(key);
      if (inFlight === 0) last.clear();
      return keys;
    }
  };
}
function createRedriver(deps) {
  const { group, clock, metrics } = deps;
  const log = createRedriveLog();
  async function redrive(runner, waitKeys) {
    log.noted(waitKeys);
    const redriven = await redriveParked(runner, group, waitKeys, clock.now());
    if (redriven === 0) return;
    metrics.redriven.inc({ group }, redriven);
    deps.onRedriven?.();
  }
  async function noting(run) {
    const mark = log.begin();
    try {
      return await run();
    } finally {
      const keys = log.end(mark);
      if (keys.length > 0) {
        await redrive(deps.direct, keys).catch(
          (err) => deps.log.warn({ group, err }, "re-drive after the batch failed; the retry timer stays")
        );
      }
    }
  }
  return { redrive, noting };
}
export {
  createRedriveLog,
  createRedriver
};
//# sourceMappingURL=redrive-log.js.map
