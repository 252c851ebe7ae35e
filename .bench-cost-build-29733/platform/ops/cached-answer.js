function cachedFor(ttlMs, compute, now = Date.now) {
  let cached = null;
  return () => {
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
      }
    );
    return value;
  };
}
export {
  cachedFor
};
//# sourceMappingURL=cached-answer.js.map
