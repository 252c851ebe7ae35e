import { createRequire } from "node:module";
import type { GraphQLError as GraphQLErrorType } from "graphql";
import { ValidationError } from "../../platform/errors/domain-error.js";

/**
 * A scalar's refusal: a ValidationError (typed result, stable code) that also carries GraphQL
 * `extensions`, because graphql-js copies an original error's extensions onto the error it
 * reports for a bad variable — so the client sees `extensions.code` (e.g. INVALID_ID).
 */
export class ScalarInputError extends ValidationError {
  readonly extensions: { code: string };
  constructor(code: string, message: string) {
    super(code, message);
    this.extensions = { code };
  }
}

/**
 * graphql-ws checks `instanceof GraphQLError` against the graphql module node resolves for it
 * (the CommonJS build); under vitest src/ may get the ESM build. Errors returned to graphql-ws
 * are built with node's own resolution so both agree.
 */
const nodeGraphql = createRequire(import.meta.url)("graphql") as { GraphQLError: typeof GraphQLErrorType };
export function wsGraphQLError(message: string, code: string): GraphQLErrorType {
  return new nodeGraphql.GraphQLError(message, { extensions: { code } });
}
