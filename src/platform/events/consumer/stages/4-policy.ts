import { assertNever } from "../../../errors/domain-error.js";
import type { ErrorClass } from "../classify-error.js";
import { nextRetry, type RetryPolicy } from "../retry-policy.js";

/**
 * Stage 4, policy (pure): what becomes of a message whose handler threw, from the error's class
 * (classifyFor: the consumer's own rules, its code lists, the platform's defaults), the attempts
 * so far and the consumer's retry policy. Stage 3 asks it after every failure of the careful pass.
 */
export interface Attempts {
  /** Failed attempts before this delivery (a parked retry's count; 0 for a fresh delivery) */
  readonly prior: number;
  /** Concurrency conflicts met by this delivery before this failure */
  readonly conflicts: number;
}

export type PolicyAction =
  /** Run the handler again under a new savepoint (a fresh read) */
  | { readonly kind: "re-run" }
  /** Park for a retry in a later transaction, on the retry schedule */
  | { readonly kind: "park"; readonly attempts: number; readonly at: Date; readonly why: string }
  /** To the DLQ; `exhausted`: a retriable failure whose retry schedule is used up */
  | { readonly kind: "dead-letter"; readonly attempts: number; readonly exhausted: boolean }
  /** Acknowledged without effect (the consumer's skip rule) */
  | { readonly kind: "skip" }
  /** Not the message's fault: the whole batch yields (rolled back, paused, read again) */
  | { readonly kind: "yield" };

/** Parked on the retry schedule; the DLQ once the schedule is used up (decision 0021). */
function retryLater(policy: RetryPolicy, attempts: Attempts, now: Date, why: string): PolicyAction {
  const failures = attempts.prior + 1;
  const next = nextRetry(policy, failures, now);
  if (next.kind === "dead-letter") return { kind: "dead-letter", attempts: failures, exhausted: true };
  return { kind: "park", attempts: failures, at: next.at, why };
}

export function decide(
  errorClass: ErrorClass,
  attempts: Attempts,
  policy: RetryPolicy,
  now: Date,
): PolicyAction {
  switch (errorClass) {
    case "conflict":
      // A few immediate re-reads; a conflict that persists (a hot row, or a deadlock against a lock
      // this transaction holds) is not the message's fault: a retry in a fresh transaction later,
      // the DLQ only when the retry schedule is used up (decision 0219).
      if (attempts.conflicts + 1 <= policy.conflictRetries) return { kind: "re-run" };
      return retryLater(policy, attempts, now, "concurrency conflict persists, parked");
    case "retriable":
      return retryLater(policy, attempts, now, "retriable failure, parked");
    case "non-retriable":
      return { kind: "dead-letter", attempts: attempts.prior + 1 + attempts.conflicts, exhausted: false };
    case "skip":
      return { kind: "skip" };
    case "infrastructure":
      return { kind: "yield" };
    default:
      return assertNever(errorClass, "error class");
  }
}
