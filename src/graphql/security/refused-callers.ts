/**
 * Callers known to be over a rate until a time (issue #42 item 1, decision 0617): a "refused until
 * T" per HTTP caller key ("addr:<ip>", "anon:<ip>", "auth:<hash of the Authorization value>"),
 * checked first thing for every GraphQL request, so a caller already refused in its window is
 * answered before its body is read, parsed or validated. T is the end of the window that refused it
 * (the limiters count only up, so the key stays refused until then). Bounded by maxKeys: when the
 * table is full, expired entries are swept (at most once a second) and a key that still does not
 * fit is not remembered — it is then refused the ordinary way, by the full request path.
 */
export interface KnownRefusal {
  /** the refused counter's reason of the refusal that taught it (rate_address, rate_anonymous, rate_user) */
  readonly reason: string;
  readonly retryAfterSeconds: number;
}

export interface RefusedCallers {
  /** The refusal of `key` while it lasts, else null. */
  check(key: string): KnownRefusal | null;
  /** Remembers `key` as refused until `untilMs`. */
  remember(key: string, untilMs: number, reason: string): void;
  size(): number;
}

const SWEEP_EVERY_MS = 1_000;

export function createRefusedCallers(options: { maxKeys: number; now?: () => number }): RefusedCallers {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { untilMs: number; reason: string }>();
  let lastSweep = Number.NEGATIVE_INFINITY;

  const sweep = (t: number) => {
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    for (const [key, entry] of entries) if (entry.untilMs <= t) entries.delete(key);
  };

  return {
    check(key) {
      const entry = entries.get(key);
      if (entry === undefined) return null;
      const left = entry.untilMs - now();
      if (left <= 0) {
        entries.delete(key);
        return null;
      }
      return { reason: entry.reason, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
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
    size: () => entries.size,
  };
}
