import { isDomainError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../chessboard.errors.js";

/**
 * The two counters of a refused message (decision 0313): `refused` is
 * chessboard_crm_hold_mismatch_total (once per message, labelled by whether its first refusal was
 * retriable, so sum() is the number of messages); `dead-lettered` is
 * chessboard_crm_hold_mismatch_dead_lettered_total (once per message that reaches the DLQ).
 */
export type HoldMismatchCount = "refused" | "dead-lettered";

/**
 * What one failed attempt of a message adds, so that the counters count messages, not attempts:
 * `refused` on the first attempt (first delivery) only; `dead-lettered` on the attempt after which
 * the platform dead-letters it (the last retry, or any attempt of a mismatch that is not
 * retriable); nothing for the attempts in between. `attempt` is 1 on first delivery; `retries` is
 * the policy's number of parked retries.
 */
export function holdMismatchCounts(
  attempt: number,
  retries: number,
  retriable: boolean,
): HoldMismatchCount[] {
  const counts: HoldMismatchCount[] = attempt === 1 ? ["refused"] : [];
  if (!retriable || attempt > retries) counts.push("dead-lettered");
  return counts;
}

/** Error class of a hold mismatch for the consumer's policy; undefined for any other error. */
export function classifyHoldMismatch(error: unknown): "retriable" | "non-retriable" | undefined {
  if (error instanceof HoldMismatchError) return error.retriable ? "retriable" : "non-retriable";
  if (isDomainError(error) && error.code === CHESSBOARD_ERROR.holdMismatch) return "retriable";
  return undefined;
}

/** How many (message, count) pairs the counter remembers; far above the mismatches of one batch. */
const REMEMBERED_PAIRS = 10_000;

/**
 * Counts each (message, counter) pair once even when the runtime runs one attempt twice (a batch's
 * pass without savepoints is rolled back and re-run carefully when any handler throws, decision
 * 0034). Remembers the last REMEMBERED_PAIRS pairs.
 */
export function holdMismatchCounter(inc: (count: HoldMismatchCount, retriable: boolean) => void) {
  const seen = new Set<string>();
  return (messageId: string, counts: readonly HoldMismatchCount[], retriable: boolean): void => {
    for (const count of counts) {
      const pair = `${messageId}:${count}`;
      if (seen.has(pair)) continue;
      seen.add(pair);
      if (seen.size > REMEMBERED_PAIRS) seen.delete(seen.values().next().value as string);
      inc(count, retriable);
    }
  };
}
