/**
 * A subscription's stream that ends at an instant (the token's expiry, issue #25 item 3): the
 * consumer gets `last` (a result saying why) and then the end; the source is told to stop without
 * waiting for it (it may be parked waiting for its next event). `onEnd` runs once, however the
 * stream ends — the instant, the source's own end, the consumer's return() or throw().
 */
export function endingAt<T>(
  source: AsyncIterable<T>,
  atMs: number,
  last: () => T,
  onEnd: () => void,
): AsyncIterableIterator<T> {
  const inner = source[Symbol.asyncIterator]();
  let finished = false;
  let expire: (value: "expired") => void = () => {};
  const expired = new Promise<"expired">((resolve) => {
    expire = resolve;
  });
  const timer = setTimeout(() => expire("expired"), Math.max(0, atMs - Date.now()));
  timer.unref();
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    onEnd();
    void Promise.resolve()
      .then(() => inner.return?.())
      .catch(() => {});
  };
  const done = (): IteratorResult<T> => ({ done: true, value: undefined });
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      if (finished) return done();
      const next = await Promise.race([inner.next(), expired]);
      if (finished) return done();
      if (next === "expired") {
        finish();
        return { done: false, value: last() };
      }
      if (next.done) finish();
      return next;
    },
    async return() {
      finish();
      return done();
    },
    async throw(error: unknown) {
      finish();
      throw error;
    },
  };
  return iterator;
}
