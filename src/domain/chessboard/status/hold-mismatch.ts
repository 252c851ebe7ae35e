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
