function createSleeper() {
  let pending = null;
  return {
    sleep(ms) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending = null;
          resolve();
        }, ms);
        pending = { timer, resolve };
      });
    },
    wake() {
      if (!pending) return;
      clearTimeout(pending.timer);
      const { resolve } = pending;
      pending = null;
      resolve();
    }
  };
}
export {
  createSleeper
};
//# sourceMappingURL=sleep.js.map
