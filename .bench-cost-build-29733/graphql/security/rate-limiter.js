const ROWS_PER_RATE_UNIT = 100;
const WINDOW_MS = 6e4;
function createRateLimiter(options) {
  const now = options.now ?? Date.now;
  let windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
  let counts = /* @__PURE__ */ new Map();
  return {
    take(key, limit, units = 1) {
      const t = now();
      if (t - windowStart >= WINDOW_MS) {
        windowStart = Math.floor(t / WINDOW_MS) * WINDOW_MS;
        counts = /* @__PURE__ */ new Map();
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - t) / 1e3));
      const used = counts.get(key);
      if (used === void 0 && counts.size >= options.maxKeys) return { ok: false, retryAfterSeconds };
      if ((used ?? 0) + units > limit) return { ok: false, retryAfterSeconds };
      counts.set(key, (used ?? 0) + units);
      return { ok: true };
    },
    charge(key, units) {
      if (units <= 0) return;
      const used = counts.get(key);
      if (used === void 0 && counts.size >= options.maxKeys) return;
      counts.set(key, (used ?? 0) + units);
    },
    size: () => counts.size
  };
}
export {
  ROWS_PER_RATE_UNIT,
  createRateLimiter
};
//# sourceMappingURL=rate-limiter.js.map
