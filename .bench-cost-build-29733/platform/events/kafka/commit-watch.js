class CommitStalledError extends Error {
  constructor(stall) {
    super(
      `offsets of ${stall.partitions.join(", ")} uncommitted for ${Math.round(stall.forMs / 1e3)} s with no rejoin: the consumer's group session is stale`,
      { cause: stall.lastError }
    );
    this.name = "CommitStalledError";
  }
}
function watchCommits(options) {
  const now = options.now ?? Date.now;
  const failing = /* @__PURE__ */ new Map();
  let lastError = null;
  let timer = null;
  const disarm = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const check = () => {
    timer = null;
    if (failing.size === 0) return;
    const oldest = Math.min(...failing.values());
    const forMs = now() - oldest;
    if (forMs < options.stallMs) {
      timer = setTimeout(check, options.stallMs - forMs);
      timer.unref?.();
      return;
    }
    const stall = { partitions: [...failing.keys()].sort(), forMs, lastError };
    failing.clear();
    options.onStall(stall);
  };
  return {
    failed(partition, error) {
      lastError = error;
      if (!failing.has(partition)) failing.set(partition, now());
      if (!timer) {
        timer = setTimeout(check, options.stallMs);
        timer.unref?.();
      }
    },
    committed(partition) {
      failing.delete(partition);
      if (failing.size === 0) disarm();
    },
    reset() {
      failing.clear();
      disarm();
    }
  };
}
export {
  CommitStalledError,
  watchCommits
};
//# sourceMappingURL=commit-watch.js.map
