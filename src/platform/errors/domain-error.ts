/**
 * Expected failures carry a stable code (the spec's codes: CRM_BOOKING_PROPERTY_OBJECT_BUSY,
 * CATALOG_SYNC_TENANT_MISMATCH, …) and a category that tells transports what to do with them:
 * GraphQL turns each category class into a typed error result (all implement the `Error`
 * interface: code + message), consumers map codes to retry / DLQ through their error policy.
 */
export type ErrorCategory =
  | "validation" // bad input: never retried
  | "not_found"
  | "illegal_state" // a rule of the domain refused the command
  | "conflict" // uniqueness / concurrent writer won
  | "forbidden"; // the viewer may not do this

export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly category: ErrorCategory = "illegal_state",
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError<C extends string = string> extends DomainError<C> {
  constructor(code: C, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(code, message, "validation", details);
  }
}
export class NotFoundError<C extends string = string> extends DomainError<C> {
  constructor(code: C, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(code, message, "not_found", details);
  }
}
export class IllegalStateError<C extends string = string> extends DomainError<C> {
  constructor(code: C, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(code, message, "illegal_state", details);
  }
}
export class ConflictError<C extends string = string> extends DomainError<C> {
  constructor(code: C, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(code, message, "conflict", details);
  }
}
export class ForbiddenError<C extends string = string> extends DomainError<C> {
  constructor(code: C, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(code, message, "forbidden", details);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** Exhaustiveness guard for switches over unions: `default: return assertNever(x)`. */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
