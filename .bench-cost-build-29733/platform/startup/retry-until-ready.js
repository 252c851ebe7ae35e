const STARTUP_BACKOFF = { minMs: 250, maxMs: 5e3 };
function backoffDelayMs(failures, backoff = STARTUP_BACKOFF, random = Math.random()) {
  const base = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.round(base / 2 + base / 2 * random);
}
async function retryUntilReady(attempt, options) {
  const startedAt = Date.now();
  for (let failures = 1; ; failures++) {
    try {
      const result = await attempt();
      if (failures > 1)
        options.log.info(
          { dependency: options.what, waitedMs: Date.now() - startedAt },
          `${options.what} reachable`
        );
      return result;
    } catch (error) {
      const verdict = options.classify(error);
      if (!verdict.retry) throw verdict.fatal;
      if (options.cancelled?.()) throw error;
      options.onRetry?.(verdict.reason);
      const delayMs = backoffDelayMs(failures, options.backoff);
      const entry = { dependency: options.what, failures, delayMs, reason: verdict.reason, err: error };
      if (verdict.quiet) options.log.debug({ ...entry, err: void 0 }, `${options.what} not reachable yet`);
      else if (failures === 1 || failures % 10 === 0)
        options.log.warn(entry, `${options.what} not reachable yet; waiting for it`);
      else options.log.debug(entry, `${options.what} not reachable yet`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (options.cancelled?.()) throw error;
    }
  }
}
export {
  STARTUP_BACKOFF,
  backoffDelayMs,
  retryUntilReady
};
//# sourceMappingURL=retry-until-ready.js.map
