class DomainError extends Error {
  constructor(code, message, category = "illegal_state", details = {}) {
    super(message);
    this.code = code;
    this.category = category;
    this.details = details;
    this.name = new.target.name;
  }
  code;
  category;
  details;
}
class ValidationError extends DomainError {
  constructor(code, message, details = {}) {
    super(code, message, "validation", details);
  }
}
class NotFoundError extends DomainError {
  constructor(code, message, details = {}) {
    super(code, message, "not_found", details);
  }
}
class IllegalStateError extends DomainError {
  constructor(code, message, details = {}) {
    super(code, message, "illegal_state", details);
  }
}
class ConflictError extends DomainError {
  constructor(code, message, details = {}) {
    super(code, message, "conflict", details);
  }
}
class ForbiddenError extends DomainError {
  constructor(code, message, details = {}) {
    super(code, message, "forbidden", details);
  }
}
function isDomainError(error) {
  return error instanceof DomainError;
}
function assertNever(value, what = "value") {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
export {
  ConflictError,
  DomainError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
  assertNever,
  isDomainError
};
//# sourceMappingURL=domain-error.js.map
