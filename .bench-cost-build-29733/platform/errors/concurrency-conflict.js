import { DomainError } from "./domain-error.js";
class ConcurrencyConflictError extends DomainError {
  constructor(message = "concurrent modification", details = {}) {
    super("CONCURRENCY_CONFLICT", message, "conflict", details);
  }
}
export {
  ConcurrencyConflictError
};
//# sourceMappingURL=concurrency-conflict.js.map
