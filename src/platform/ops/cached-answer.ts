/**
 * One computation shared by every caller for `ttlMs` (issue #25: /readyz is unauthenticated and
 * unlimited, and each call queried the database — 2,215 calls in 20 s used 11.7 s of CPU). Callers
 * arriving while it runs wait for the same promise; a failure is not remembered.
 */
export function cachedFor<T>(ttlMs: number, compute: () => Promise<T>, now: () => number = Date.now) {
  let cached: { value: Promise<T>; untilMs: number } | null = null;
  return (): Promise<T> => {
    const t = now();
    if (cached && t < cached.untilMs) return cached.value;
    const value = compute();
    const entry = { value, untilMs: Number.POSITIVE_INFINITY };
    cached = entry;
    value.then(
      () => {
        entry.untilMs = now() + ttlMs;
      },
      () => {
        if (cached === entry) cached = null;
      },
    );
    return value;
  };
}
