const LATE_MS = 2;
function createDueTimer(deps) {
  let next = null;
  let hinted = null;
  const earliest = (a, b) => a === null ? b : b === null ? a : Math.min(a, b);
  return {
    passBegins() {
      hinted = null;
    },
    passRead(at) {
      next = earliest(at?.getTime() ?? null, hinted);
    },
    /** Returns true when `at` is earlier than the moment the scanner sleeps until (re-arm it). */
    hint(at) {
      const ms = at.getTime();
      hinted = earliest(hinted, ms);
      if (next !== null && next <= ms) return false;
      next = ms;
      return true;
    },
    sleepMs() {
      const poll = deps.pollMs();
      if (next === null) return poll;
      return Math.min(poll, Math.max(0, next - deps.clock.now().getTime()) + LATE_MS);
    }
  };
}
export {
  createDueTimer
};
//# sourceMappingURL=parked-due-timer.js.map
