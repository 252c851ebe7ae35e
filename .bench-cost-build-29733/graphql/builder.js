import SchemaBuilder from "@pothos/core";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ValidationPlugin from "@pothos/plugin-validation";
import { hasRole, isPlatformStaff } from "../platform/auth/viewer.js";
import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError
} from "../platform/errors/domain-error.js";
import { ScalarInputError } from "./scalars/input-error.js";
const builder = new SchemaBuilder({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, ErrorsPlugin, ValidationPlugin, RelayPlugin, DataloaderPlugin],
  validation: {
    // Validators from src/graphql/scalars/ → the typed ValidationError result (code INVALID_INPUT).
    validationError: (failure) => new ValidationError(
      INVALID_INPUT,
      failure.issues.map((issue) => issue.message).join("; ") || "Invalid input",
      { fields: failure.issues.map((issue) => issue.path?.map(String).join(".") ?? null) }
    )
  },
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      authenticated: ctx.viewer !== null,
      role: (roles) => hasRole(ctx.viewer, ...roles),
      platformStaff: isPlatformStaff(ctx.viewer)
    }),
    unauthorizedError: (_parent, ctx) => new ForbiddenError(
      ctx.viewer ? "AUTH_FORBIDDEN" : "AUTH_REQUIRED",
      ctx.viewer ? "You are not allowed to do this" : "Sign in first: send Authorization: Bearer <token>"
    )
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String"
  },
  errors: {
    // Every field with `errors: {}` returns these typed results for expected domain failures.
    defaultTypes: [ValidationError, NotFoundError, IllegalStateError, ConflictError, ForbiddenError],
    directResult: false,
    // Argument validators (src/graphql/scalars) answer with the typed ValidationError too. They run
    // before auth scopes, which is fine: input limits are public and nothing is read or written.
    unsafelyHandleInputErrors: true
  }
});
builder.queryType({ description: "Reads: bookings, deals, the chessboard grid, the catalog." });
builder.mutationType({ description: "Commands. Expected failures are typed results implementing `Error`." });
builder.subscriptionType({ description: "Live updates over graphql-ws (and SSE)." });
builder.scalarType("DateTime", {
  description: "ISO-8601 timestamp in UTC",
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    if (typeof value !== "string" || value.length > 40 || Number.isNaN(Date.parse(value))) {
      throw new ScalarInputError("INVALID_DATETIME", "Expected an ISO-8601 timestamp");
    }
    return new Date(value);
  }
});
const INVALID_INPUT = "INVALID_INPUT";
const DECIMAL_PATTERN = /^-?\d{1,15}(\.\d{1,6})?$/;
builder.scalarType("Decimal", {
  description: 'Exact decimal number as a string (money, areas), e.g. "12500000.00": at most 15 integer and 6 fraction digits',
  serialize: (value) => String(value),
  parseValue: (value) => {
    const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== "string" || text.length > 24 || !DECIMAL_PATTERN.test(text)) {
      throw new ScalarInputError(
        "INVALID_DECIMAL",
        'Expected a decimal number such as "12500000.00" (at most 15 integer and 6 fraction digits)'
      );
    }
    return text;
  }
});
const ErrorInterface = builder.interfaceRef("Error").implement({
  description: "An expected failure. `code` is stable (e.g. CRM_BOOKING_PROPERTY_OBJECT_BUSY); see docs/guide/errors.md for every code.",
  fields: (t) => ({
    code: t.exposeString("code", {
      description: "Stable machine-readable code, e.g. CRM_BOOKING_PROPERTY_OBJECT_BUSY"
    }),
    message: t.exposeString("message", {
      description: "Human-readable explanation (English); do not parse it"
    })
  })
});
const CATEGORY_TYPES = [
  [ValidationError, "ValidationError", "The input is malformed or out of range."],
  [NotFoundError, "NotFoundError", "The referenced entity does not exist (or is not visible to you)."],
  [IllegalStateError, "IllegalStateError", "A business rule refused the command in the current state."],
  [ConflictError, "ConflictError", "A concurrent change or a uniqueness rule won; re-read and retry."],
  [ForbiddenError, "ForbiddenError", "You are not allowed to do this."]
];
for (const [ErrorClass, name, description] of CATEGORY_TYPES) {
  builder.objectType(ErrorClass, {
    name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof ErrorClass,
    fields: () => ({})
  });
}
export {
  ErrorInterface,
  INVALID_INPUT,
  builder
};
//# sourceMappingURL=builder.js.map
