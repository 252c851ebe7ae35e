import { GraphQLScalarType, type GraphQLSchema, Kind, type ValueNode } from "graphql";
import { isUuid } from "../../platform/validation/text.js";
import { ScalarInputError } from "./input-error.js";

export const INVALID_ID = "INVALID_ID";

function parseId(value: unknown): string {
  if (typeof value !== "string" || !isUuid(value)) {
    const shown =
      typeof value === "string" ? `"${value.slice(0, 40)}${value.length > 40 ? "…" : ""}"` : typeof value;
    throw new ScalarInputError(INVALID_ID, `Expected an id (a UUID), got ${shown}`);
  }
  return value.toLowerCase();
}

/**
 * `ID` in this API means a UUID (decision 0146). Every ID argument, input field and variable is
 * checked when it is parsed — before any resolver runs — so a resolver never sees "", "abc" or a
 * 5 MB string: the caller gets a validation error with code INVALID_ID. Output IDs are unchanged.
 * Pothos always builds with graphql's standard ID scalar and schema mappers leave standard
 * scalars alone, so withValidatedIds() gives the schema's ID scalar this parsing in place (the
 * process has one API schema; decision 0146). Fields added by any context are covered.
 */
export const ValidatedIdScalar = new GraphQLScalarType({
  name: "ID",
  description:
    "A UUID, e.g. 0b5e1d7a-0000-4000-8000-000000000001 (any other input is refused with INVALID_ID).",
  serialize: (value) => {
    if (typeof value === "string") return value;
    if (typeof value === "number" && Number.isInteger(value)) return String(value);
    throw new TypeError(`ID cannot represent value: ${typeof value}`);
  },
  parseValue: parseId,
  parseLiteral: (ast: ValueNode) => {
    if (ast.kind !== Kind.STRING)
      throw new ScalarInputError(INVALID_ID, `Expected an id (a UUID), got a ${ast.kind}`);
    return parseId(ast.value);
  },
});

export function withValidatedIds(schema: GraphQLSchema): GraphQLSchema {
  const id = schema.getType("ID");
  // By shape, not isScalarType: under vitest Pothos and src/ may load different graphql builds.
  if (!id || !("parseValue" in id)) return schema;
  Object.assign(id, {
    description: ValidatedIdScalar.description,
    parseValue: ValidatedIdScalar.parseValue,
    parseLiteral: ValidatedIdScalar.parseLiteral,
  });
  return schema;
}
