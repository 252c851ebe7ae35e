import { isDomainError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../chessboard.errors.js";

/** The stages of chessboard_crm_hold_mismatch_total (decision 0067). */
export type HoldMismatchStage = "retrying" | "dead-lettered";

/**
 * Which stage one failed attempt of a message adds to the mismatch counter, so that the counter
 * counts messages, not attempts: `retrying` once, on the attempt that first parks the message;
 * `dead-lettered` once, on the attempt after which the platform dead-letters it (the last retry,
 * or the first attempt of a mismatch that is not retriable); null for the attempts in between.
 * `attempt` is 1 on first delivery; `retries` is the policy's number of parked retries.
 */
export function holdMismatchStage(
  attempt: number,
  retries: number,
  retriable: boolean,
): HoldMismatchStage | null {
  if (!retriable || attempt > retries) return "dead-lettered";
  return attempt === 1 ? "retrying" : null;
}

/** Error class of a hold mismatch for the consumer's policy; undefined for any other error. */
export function classifyHoldMismatch(error: unknown): "retriable" | "non-retriable" | undefined {
  if (error instanceof HoldMismatchError) return error.retriable ? "retriable" : "non-retriable";
  if (isDomainError(error) && error.code === CHESSBOARD_ERROR.holdMismatch) return "retriable";
  return undefined;
}

/** How many (message, stage) pairs the counter remembers; far above the mismatches of one batch. */
const REMEMBERED_PAIRS = 10_000;

/**
 * The counter of chessboard_crm_hold_mismatch_total, once per message and stage even when the
 * runtime runs one attempt twice (a batch's pass without savepoints is rolled back and re-run
 * carefully when any handler throws, decision 0034). Remembers the last REMEMBERED_PAIRS pairs.
 */
export function holdMismatchCounter(inc: (stage: HoldMismatchStage) => void) {
  const seen = new Set<string>();
  return (messageId: string, stage: HoldMismatchStage | null): boolean => {
    if (stage === null) return false;
    const pair = `${messageId}:${stage}`;
    if (seen.has(pair)) return false;
    seen.add(pair);
    if (seen.size > REMEMBERED_PAIRS) seen.delete(seen.values().next().value as string);
    inc(stage);
    return true;
  };
}
