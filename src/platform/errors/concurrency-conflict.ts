import { DomainError } from "./domain-error.js";

/**
 * Thrown by repositories when an optimistic version check lost a race: re-read and retry. The
 * consumer runtime classifies it as a conflict (immediate re-runs, decision 0219); the GraphQL
 * layer maps it like any DomainError.
 */
export class ConcurrencyConflictError extends DomainError<"CONCURRENCY_CONFLICT"> {
  constructor(message = "concurrent modification", details: Readonly<Record<string, unknown>> = {}) {
    super("CONCURRENCY_CONFLICT", message, "conflict", details);
  }
}
