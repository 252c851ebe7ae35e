const SECOND_MS = 1e3;
const MINUTE_MS = 60 * SECOND_MS;
const DEFAULT_RETRY_POLICY = {
  conflictRetries: 3,
  retriableDelaysMs: [30 * SECOND_MS, MINUTE_MS, 2 * MINUTE_MS, 4 * MINUTE_MS, 8 * MINUTE_MS, 16 * MINUTE_MS],
  infrastructureMinMs: SECOND_MS,
  infrastructureMaxMs: MINUTE_MS
};
function nextRetry(policy, failures, now) {
  const delay = policy.retriableDelaysMs[failures - 1];
  if (delay === void 0) return { kind: "dead-letter" };
  return { kind: "retry", at: new Date(now.getTime() + delay) };
}
function infrastructureDelayMs(policy, consecutiveFailures) {
  const exponent = Math.max(0, consecutiveFailures - 1);
  return Math.min(policy.infrastructureMaxMs, policy.infrastructureMinMs * 2 ** Math.min(exponent, 30));
}
export {
  DEFAULT_RETRY_POLICY,
  infrastructureDelayMs,
  nextRetry
};
//# sourceMappingURL=retry-policy.js.map
