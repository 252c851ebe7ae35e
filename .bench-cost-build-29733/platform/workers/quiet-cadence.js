const QUIET_AFTER_MS = 6e4;
function createQuietCadence(every, quiet, now) {
  let lastActive = now();
  let lastEnded = now();
  return {
    /** A sign of activity, or a cycle that found work. */
    active() {
      lastActive = now();
    },
    cycleEnded() {
      lastEnded = now();
    },
    /** The delay the next cycle waits (before jitter), and whether it is the quiet one. */
    next() {
      const isQuiet = quiet !== void 0 && quiet.activity.listening() && now() - lastActive >= (quiet.after ?? QUIET_AFTER_MS);
      return isQuiet ? { delay: Math.max(every, quiet.every), quiet: true } : { delay: every, quiet: false };
    },
    /** After activity ended a quiet sleep: what is left of the fast cadence's delay. */
    resumeDelay() {
      return Math.max(0, lastEnded + every - now());
    }
  };
}
export {
  QUIET_AFTER_MS,
  createQuietCadence
};
//# sourceMappingURL=quiet-cadence.js.map
