import type { Logger } from "../log/logger.js";

/** Backoff of start-up and reconnection retries: doubling from minMs to maxMs, half of it jittered. */
export interface Backoff {
  readonly minMs: number;
  readonly maxMs: number;
}

export const STARTUP_BACKOFF: Backoff = { minMs: 250, maxMs: 5_000 };

/** The pause before retry number `failures` (1-based); `random` in [0, 1). Pure. */
export function backoffDelayMs(
  failures: number,
  backoff: Backoff = STARTUP_BACKOFF,
  random = Math.random(),
): number {
  const base = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.round(base / 2 + (base / 2) * random);
}

/** What a failed attempt means: try again later, or give up (a setting that can never work). */
export type AttemptVerdict =
  | {
      readonly retry: true;
      readonly reason: string;
      /** Already reported by the caller (a Kafka security fault): logged at debug level only */
      readonly quiet?: boolean;
    }
  | { readonly retry: false; readonly fatal: Error };

export interface RetryUntilReadyOptions {
  /** e.g. "PostgreSQL", "ClickHouse", "Kafka broker": named in the logs */
  readonly what: string;
  readonly log: Logger;
  readonly classify: (error: unknown) => AttemptVerdict;
  readonly backoff?: Backoff;
  /** True once the caller stopped waiting (a stop during start): the last error is then thrown */
  readonly cancelled?: () => boolean;
  /** Called once per failed attempt (metrics) */
  readonly onRetry?: (reason: string) => void;
}

/**
 * Runs `attempt` until it succeeds: a dependency that is not there yet (refused, starting up) is
 * waited for with backoff for as long as it takes; a verdict of "fatal" is thrown at once. The
 * first failure is logged as a warning, the following ones at debug level and every tenth again
 * as a warning, so a long wait leaves a trace without flooding the log.
 */
export async function retryUntilReady<T>(
  attempt: () => Promise<T>,
  options: RetryUntilReadyOptions,
): Promise<T> {
  const startedAt = Date.now();
  for (let failures = 1; ; failures++) {
    try {
      const result = await attempt();
      if (failures > 1)
        options.log.info(
          { dependency: options.what, waitedMs: Date.now() - startedAt },
          `${options.what} reachable`,
        );
      return result;
    } catch (error) {
      const verdict = options.classify(error);
      if (!verdict.retry) throw verdict.fatal;
      if (options.cancelled?.()) throw error;
      options.onRetry?.(verdict.reason);
      const delayMs = backoffDelayMs(failures, options.backoff);
      const entry = { dependency: options.what, failures, delayMs, reason: verdict.reason, err: error };
      if (verdict.quiet) options.log.debug({ ...entry, err: undefined }, `${options.what} not reachable yet`);
      else if (failures === 1 || failures % 10 === 0)
        options.log.warn(entry, `${options.what} not reachable yet; waiting for it`);
      else options.log.debug(entry, `${options.what} not reachable yet`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (options.cancelled?.()) throw error;
    }
  }
}
