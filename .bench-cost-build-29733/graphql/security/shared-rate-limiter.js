import { createRateLimiter } from "./rate-limiter.js";
const WINDOW_MS = 6e4;
const KEEP_WINDOWS_MS = 3 * WINDOW_MS;
const MAX_KEY_LENGTH = 200;
const LOCAL_AFTER_FAILURE_MS = 1e3;
function createSharedRateLimiter(options) {
  const now = options.now ?? Date.now;
  const local = createRateLimiter({ maxKeys: options.maxKeys, now });
  let windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
  let exhausted = /* @__PURE__ */ new Set();
  let localUntil = 0;
  const roll = (t) => {
    if (t - windowStart < WINDOW_MS) return;
    windowStart = Math.floor(t / WINDOW_MS) * WINDOW_MS;
    exhausted = /* @__PURE__ */ new Set();
    const before = new Date(windowStart - KEEP_WINDOWS_MS);
    void options.db.$executeRaw`DELETE FROM platform.rate_limit_windows WHERE window_start < ${before}`.catch(
      (error) => options.log.warn({ err: error }, "rate limiter: old windows not deleted")
    );
  };
  const failed = (error) => {
    localUntil = now() + LOCAL_AFTER_FAILURE_MS;
    options.log.warn({ err: error }, "rate limiter: database unreachable; counting locally");
  };
  async function take(key, limit, units = 1) {
    const t = now();
    roll(t);
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - t) / 1e3));
    if (units > limit || exhausted.has(key)) return { ok: false, retryAfterSeconds };
    if (key.length > MAX_KEY_LENGTH || t < localUntil) return local.take(key, limit, units);
    const window = new Date(windowStart);
    try {
      const rows = await options.db.$queryRaw`
        INSERT INTO platform.rate_limit_windows AS w (key, window_start, used)
        VALUES (${key}, ${window}, ${units})
        ON CONFLICT (key, window_start) DO UPDATE SET used = w.used + EXCLUDED.used
          WHERE w.used + EXCLUDED.used <= ${limit}
        RETURNING used`;
      if (rows.length > 0) return { ok: true };
      if (exhausted.size < options.maxKeys) exhausted.add(key);
      return { ok: false, retryAfterSeconds };
    } catch (error) {
      failed(error);
      return local.take(key, limit, units);
    }
  }
  return {
    take,
    charge(key, units) {
      if (units <= 0) return;
      roll(now());
      if (key.length > MAX_KEY_LENGTH || now() < localUntil) return local.charge(key, units);
      void options.db.$executeRaw`
        INSERT INTO platform.rate_limit_windows AS w (key, window_start, used)
        VALUES (${key}, ${new Date(windowStart)}, ${units})
        ON CONFLICT (key, window_start) DO UPDATE SET used = w.used + EXCLUDED.used`.catch(failed);
    },
    size: () => exhausted.size + local.size(),
    stop: () => {
    }
  };
}
export {
  createSharedRateLimiter
};
//# sourceMappingURL=shared-rate-limiter.js.map
