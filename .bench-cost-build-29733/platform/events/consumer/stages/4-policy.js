import { assertNever } from "../../../errors/domain-error.js";
import { nextRetry } from "../retry-policy.js";
function retryLater(policy, attempts, now, why) {
  const failures = attempts.prior + 1;
  const next = nextRetry(policy, failures, now);
  if (next.kind === "dead-letter") return { kind: "dead-letter", attempts: failures, exhausted: true };
  return { kind: "park", attempts: failures, at: next.at, why };
}
function decide(errorClass, attempts, policy, now) {
  switch (errorClass) {
    case "conflict":
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
export {
  decide
};
//# sourceMappingURL=4-policy.js.map
