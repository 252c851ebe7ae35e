const SWEEP_EVERY_MS = 1e3;
function createRefusedCallers(options) {
  const now = options.now ?? Date.now;
  const entries = /* @__PURE__ */ new Map();
  let lastSweep = Number.NEGATIVE_INFINITY;
  const sweep = (t) => {
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    for (const [key, entry] of entries) if (entry.untilMs <= t) entries.delete(key);
  };
  return {
    check(key) {
      const entry = entries.get(key);
      if (entry === void 0) return null;
      const left = entry.untilMs - now();
      if (left <= 0) {
        entries.delete(key);
        return null;
      }
      return { reason: entry.reason, retryAfterSeconds: Math.max(1, Math.ceil(left / 1e3)) };
    },
    remember(key, untilMs, reason) {
      const t = now();
      if (untilMs <= t) return;
      if (!entries.has(key) && entries.size >= options.maxKeys) {
        sweep(t);
        if (entries.size >= options.maxKeys) return;
      }
      entries.set(key, { untilMs, reason });
    },
    size: () => entries.size
  };
}
export {
  createRefusedCallers
};
//# sourceMappingURL=refused-callers.js.map
