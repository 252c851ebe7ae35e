import type { Db } from "../../platform/db/prisma-client.js";
import type { Logger } from "../../platform/log/logger.js";
import type { RateLimiter } from "./rate-limiter.js";

const WINDOW_MS = 60_000;
/** Window rows older than this are deleted (at each window change). */
const KEEP_WINDOWS_MS = 3 * WINDOW_MS;
/** Keys longer than the table allows stay local (ours are short: "user:<uuid>", "addr:<ip>"). */
const MAX_KEY_LENGTH = 200;

interface KeyState {
  /** requests/units counted here and not yet added to the shared row */
  pending: number;
  /**
   * counts on their way to the shared row (a sync in flight): still counted until the row's new
   * total, which includes them, is read back — a slow sync must not hand out a second budget
   */
  inflight: number;
  /** the shared row's total as last seen (every instance's flushed counts) */
  shared: number;
  /** asked about since the last sync: the next sync refreshes its shared total even with nothing to add */
  touched: boolean;
}

/**
 * The rate limiter of several API replicas (issue #25; decision 0340): fixed one-minute windows per
 * key, counted in PostgreSQL (platform.rate_limit_windows) so N replicas allow the limit once, not
 * N times. A request never waits for the database: it is decided from the shared total last seen
 * plus what this instance counted since, and every `syncEveryMs` one statement adds this instance's
 * counts to the shared rows and returns their totals. A single instance is therefore exact; with N
 * replicas a caller may overshoot by what the others admitted within one sync interval. When the
 * database cannot be reached the counts stay local (the limit then holds per instance, as before).
 */
export function createSharedRateLimiter(options: {
  db: Db;
  log: Logger;
  maxKeys: number;
  syncEveryMs?: number;
  now?: () => number;
}): RateLimiter & { sync(): Promise<void>; stop(): void } {
  const now = options.now ?? Date.now;
  let windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
  let keys = new Map<string, KeyState>();
  let syncing: Promise<void> | null = null;

  const roll = (t: number) => {
    if (t - windowStart < WINDOW_MS) return;
    windowStart = Math.floor(t / WINDOW_MS) * WINDOW_MS;
    keys = new Map();
    const before = new Date(windowStart - KEEP_WINDOWS_MS);
    void options.db.$executeRaw`DELETE FROM platform.rate_limit_windows WHERE window_start < ${before}`.catch(
      (error: unknown) => options.log.warn({ err: error }, "rate limiter: old windows not deleted"),
    );
  };

  const stateOf = (key: string): KeyState | null => {
    const state = keys.get(key);
    if (state) return state;
    if (keys.size >= options.maxKeys) return null;
    const fresh = { pending: 0, inflight: 0, shared: 0, touched: true };
    keys.set(key, fresh);
    return fresh;
  };

  async function flush(): Promise<void> {
    const window = windowStart;
    const batch = keys;
    const entries: Array<[key: string, state: KeyState, count: number]> = [];
    for (const [key, state] of batch) {
      if ((state.pending > 0 || state.touched) && key.length <= MAX_KEY_LENGTH)
        entries.push([key, state, state.pending]);
    }
    if (entries.length === 0) return;
    for (const [, state, count] of entries) {
      state.pending -= count;
      state.inflight += count;
      state.touched = false;
    }
    try {
      const rows = await options.db.$queryRaw<Array<{ key: string; used: number }>>`
        INSERT INTO platform.rate_limit_windows AS w (key, window_start, used)
        SELECT k, ${new Date(window)}, c
        FROM unnest(${entries.map((e) => e[0])}::text[], ${entries.map((e) => e[2])}::int[]) AS t(k, c)
        ON CONFLICT (key, window_start) DO UPDATE SET used = w.used + EXCLUDED.used
        RETURNING key, used`;
      for (const row of rows) {
        const state = batch.get(row.key);
        if (state) state.shared = row.used;
      }
      for (const [, state, count] of entries) state.inflight -= count;
    } catch (error) {
      // not added: count them locally again, and try with the next sync
      for (const [, state, count] of entries) {
        state.inflight -= count;
        state.pending += count;
      }
      options.log.warn({ err: error }, "rate limiter: shared counts not synced; counting locally");
    }
  }

  const sync = async () => {
    if (syncing) return syncing;
    syncing = flush().finally(() => {
      syncing = null;
    });
    return syncing;
  };
  const timer = setInterval(() => void sync(), options.syncEveryMs ?? 200);
  timer.unref();

  return {
    take(key, limit, units = 1) {
      const t = now();
      roll(t);
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - t) / 1000));
      const state = stateOf(key);
      if (!state) return { ok: false, retryAfterSeconds };
      state.touched = true;
      if (state.shared + state.inflight + state.pending + units > limit)
        return { ok: false, retryAfterSeconds };
      state.pending += units;
      return { ok: true };
    },
    charge(key, units) {
      if (units <= 0) return;
      roll(now());
      const state = stateOf(key);
      if (state) state.pending += units;
    },
    size: () => keys.size,
    sync,
    stop: () => clearInterval(timer),
  };
}
