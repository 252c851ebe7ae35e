function createSharedAnswers(options) {
  const now = options.now ?? Date.now;
  const entries = /* @__PURE__ */ new Map();
  return {
    get(key, read) {
      if (options.ttlMs <= 0) return read();
      const t = now();
      const known = entries.get(key);
      if (known && t < known.untilMs) return known.value;
      entries.delete(key);
      const entry = { value: read(), untilMs: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      if (entries.size > options.maxKeys) entries.delete(entries.keys().next().value);
      entry.value.then(
        () => {
          entry.untilMs = now() + options.ttlMs;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        }
      );
      return entry.value;
    },
    size: () => entries.size
  };
}
export {
  createSharedAnswers
};
//# sourceMappingURL=shared-answers.js.map
