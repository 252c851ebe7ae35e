function endingAt(source, atMs, last, onEnd) {
  const inner = source[Symbol.asyncIterator]();
  let finished = false;
  let expire = () => {
  };
  const expired = new Promise((resolve) => {
    expire = resolve;
  });
  const timer = setTimeout(() => expire("expired"), Math.max(0, atMs - Date.now()));
  timer.unref();
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    onEnd();
    void Promise.resolve().then(() => inner.return?.()).catch(() => {
    });
  };
  const done = () => ({ done: true, value: void 0 });
  const iterator = {
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
    async throw(error) {
      finish();
      throw error;
    }
  };
  return iterator;
}
export {
  endingAt
};
//# sourceMappingURL=ending-stream.js.map
