import { type Db, pgAccessOf } from "../../platform/db/prisma-client.js";
import { type RawTx, rawTx } from "../../platform/db/raw-tx.js";
import type { Logger } from "../../platform/log/logger.js";
import { createRateLimiter, type RateLimiter, type Verdict } from "./rate-limiter.js";

const WINDOW_MS = 60_000;
/** Window rows older than this are deleted (at each window change). */
const KEEP_WINDOWS_MS = 3 * WINDOW_MS;
/** Keys longer than the table allows stay local (ours are short: "user:<uuid>", "addr:<ip>"). */
const MAX_KEY_LENGTH = 200;
/** After a database failure, requests are counted locally this long before the database is tried again. */
const LOCAL_AFTER_FAILURE_MS = 1_000;

/**
 * The rate limiter of several API replicas (issue #25, decision 0340; issue #42 item 7, decision
 * 0577): fixed one-minute windows per key in PostgreSQL (platform.rate_limit_windows, LOGGED). Each
 * request is one atomic statement — an upsert that adds its units only while the window stays
 * within the limit — so every replica together admits the limit exactly once. A key refused in a
 * window is remembered here until the window ends (a flood of refused requests costs no statement).
 * When the database cannot be reached the counts are local (per replica) until it answers again.
 */
export function createSharedRateLimiter(options: {
  db: Db;
  log: Logger;
  maxKeys: number;
  now?: () => number;
}): RateLimiter & { stop(): void } {
  const now = options.now ?? Date.now;
  const local = createRateLimiter({ maxKeys: options.maxKeys, now });
  // Its statements on the pool directly, prepared once per connection (decision 0631): one a
  // request, no Prisma per-statement path.
  const access = pgAccessOf(options.db);
  const db: RawTx = access ? rawTx(access.pool, access.names) : options.db;
  let windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
  /** keys refused in this window (they stay refused until it ends) */
  let exhausted = new Set<string>();
  let localUntil = 0;

  const roll = (t: number) => {
    if (t - windowStart < WINDOW_MS) return;
    windowStart = Math.floor(t / WINDOW_MS) * WINDOW_MS;
    exhausted = new Set();
    const before = new Date(windowStart - KEEP_WINDOWS_MS);
    void db.$executeRaw`DELETE FROM platform.rate_limit_windows WHERE window_start < ${before}`.catch(
      (error: unknown) => options.log.warn({ err: error }, "rate limiter: old windows not deleted"),
    );
  };
  const failed = (error: unknown) => {
    localUntil = now() + LOCAL_AFTER_FAILURE_MS;
    options.log.warn({ err: error }, "rate limiter: database unreachable; counting locally");
  };

  async function take(key: string, limit: number, units = 1): Promise<Verdict> {
    const t = now();
    roll(t);
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - t) / 1000));
    if (units > limit || exhausted.has(key)) return { ok: false, retryAfterSeconds };
    if (key.length > MAX_KEY_LENGTH || t < localUntil) return local.take(key, limit, units);
    const window = new Date(windowStart);
    try {
      const rows = await db.$queryRaw<Array<{ used: number }>>`
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
      void db.$executeRaw`
        INSERT INTO platform.rate_limit_windows AS w (key, window_start, used)
        VALUES (${key}, ${new Date(windowStart)}, ${units})
        ON CONFLICT (key, window_start) DO UPDATE SET used = w.used + EXCLUDED.used`.catch(failed);
    },
    size: () => exhausted.size + local.size(),
    stop: () => {},
  };
}
