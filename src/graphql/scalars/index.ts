/**
 * Reusable input types and validators (issue #13). Use these for every new argument:
 * - ID arguments: `t.arg.id(...)` — `ID` is a validated UUID everywhere (ids.ts), nothing to add.
 * - text: `t.arg.string({ validate: text(TEXT.short | TEXT.medium | TEXT.long, "field") })`.
 * - numbers: `t.arg.int({ validate: intRange(min, max, "field") })`; Decimal is bounded (builder.ts).
 * - lists: `validate: listMax(n, "field")`.
 * Any string anywhere in a request is also capped and cleaned by the input guard
 * (src/graphql/security/input-guard.ts).
 */
export { INVALID_ID, ValidatedIdScalar, withValidatedIds } from "./ids.js";
export { intRange, listMax, TEXT, text } from "./validators.js";
