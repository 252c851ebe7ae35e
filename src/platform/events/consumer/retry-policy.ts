const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;

export interface RetryPolicy {
  /**
   * Immediate re-runs (under a new savepoint, fresh read) after a concurrency conflict; when they
   * are used up the message is parked on `retriableDelaysMs` like a retriable failure (decision 0219)
   */
  conflictRetries: number;
  /** Delay before each retry of a parked (retriable) message; its length is the number of retries */
  retriableDelaysMs: readonly number[];
  /** Paused-partition backoff for infrastructure failures: doubles from min to max, forever */
  infrastructureMinMs: number;
  infrastructureMaxMs: number;
}

/** The catalog spec's policy, the default of every consumer: 30s→1m→2m→4m→8m→16m, then DLQ. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  conflictRetries: 3,
  retriableDelaysMs: [30 * SECOND_MS, MINUTE_MS, 2 * MINUTE_MS, 4 * MINUTE_MS, 8 * MINUTE_MS, 16 * MINUTE_MS],
  infrastructureMinMs: SECOND_MS,
  infrastructureMaxMs: MINUTE_MS,
};

/**
 * After the `failures`-th failed attempt of a parked message: when to try again, or dead-letter.
 * failures = 1 is the first delivery's failure → first delay.
 */
export function nextRetry(
  policy: RetryPolicy,
  failures: number,
  now: Date,
): { kind: "retry"; at: Date } | { kind: "dead-letter" } {
  const delay = policy.retriableDelaysMs[failures - 1];
  if (delay === undefined) return { kind: "dead-letter" };
  return { kind: "retry", at: new Date(now.getTime() + delay) };
}

/** Infrastructure backoff for the n-th consecutive failure (n ≥ 1): min·2^(n-1), capped. */
export function infrastructureDelayMs(policy: RetryPolicy, consecutiveFailures: number): number {
  const exponent = Math.max(0, consecutiveFailures - 1);
  return Math.min(policy.infrastructureMaxMs, policy.infrastructureMinMs * 2 ** Math.min(exponent, 30));
}
