/**
 * Answers shared by key for a few seconds (issue #42 item 1; decision 0575): a caller asking what
 * another asked within `ttlMs` gets the same answer, and callers arriving while it is read wait for
 * that one read (single flight) instead of running it again. A failure is not remembered. At most
 * `maxKeys` answers are kept (the oldest goes first). `ttlMs` 0: no sharing.
 */
export interface SharedAnswers<T> {
  get(key: string, read: () => Promise<T>): Promise<T>;
  size(): number;
}

export function createSharedAnswers<T>(options: {
  ttlMs: number;
  maxKeys: number;
  now?: () => number;
}): SharedAnswers<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; untilMs: number }>();
  return {
    get(key, read) {
      if (options.ttlMs <= 0) return read();
      const t = now();
      const known = entries.get(key);
      if (known && t < known.untilMs) return known.value;
      entries.delete(key);
      const entry = { value: read(), untilMs: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      if (entries.size > options.maxKeys) entries.delete(entries.keys().next().value as string);
      entry.value.then(
        () => {
          entry.untilMs = now() + options.ttlMs;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    size: () => entries.size,
  };
}
