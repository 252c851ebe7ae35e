/** A sleep that `wake()` or `cancel()` ends early, so stop() never waits out a backoff. */
export function createSleeper() {
  let pending: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending = null;
          resolve();
        }, ms);
        pending = { timer, resolve };
      });
    },
    wake(): void {
      if (!pending) return;
      clearTimeout(pending.timer);
      const { resolve } = pending;
      pending = null;
      resolve();
    },
  };
}
