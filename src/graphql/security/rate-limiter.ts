/**
 * Fixed one-minute windows per caller key ("user:<id>", "addr:<ip>", "anon:<ip>"). In memory, per
 * process (createRateLimiter: N API replicas allow N × the limit, decision 0144) or in PostgreSQL
 * (shared-rate-limiter.ts, exact across replicas). Memory is bounded by maxKeys.
 */
export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts one request (or `units` of cost, default 1); false (with seconds to wait) when the key's
   * window would go over its limit — then nothing is counted.
   */
  take(key: string, limitPerMinute: number, units?: number): Verdict | Promise<Verdict>;
  /** Adds units of cost already spent (e.g. rows read) to the key's window. */
  charge(key: string, units: number): void;
  size(): number;
}

/** Rows read that count as one more request against the caller's rate (a 5,000-object grid ≈ 50 requests). */
export const ROWS_PER_RATE_UNIT = 100;

const WINDOW_MS = 60_000;

/** The per-process limiter decides at once. */
export interface LocalRateLimiter extends RateLimiter {
  take(key: string, limitPerMinute: number, units?: number): Verdict;
}

export function createRateLimiter(options: { maxKeys: number; now?: () => number }): LocalRateLimiter {
  const now = options.now ?? Date.now;
  let windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
  let counts = new Map<string, number>();
  return {
    take(key, limit, units = 1) {
      const t = now();
      if (t - windowStart >= WINDOW_MS) {
        windowStart = Math.floor(t / WINDOW_MS) * WINDOW_MS;
        counts = new Map();
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - t) / 1000));
      const used = counts.get(key);
      if (used === undefined && counts.size >= options.maxKeys) return { ok: false, retryAfterSeconds };
      if ((used ?? 0) + units > limit) return { ok: false, retryAfterSeconds };
      counts.set(key, (used ?? 0) + units);
      return { ok: true };
    },
    charge(key, units) {
      if (units <= 0) return;
      const used = counts.get(key);
      if (used === undefined && counts.size >= options.maxKeys) return;
      counts.set(key, (used ?? 0) + units);
    },
    size: () => counts.size,
  };
}
