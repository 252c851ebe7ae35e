import { GraphQLScalarType, Kind } from "graphql";
import { isUuid } from "../../platform/validation/text.js";
import { ScalarInputError } from "./input-error.js";
const INVALID_ID = "INVALID_ID";
function parseId(value) {
  if (typeof value !== "string" || !isUuid(value)) {
    const shown = typeof value === "string" ? `"${value.slice(0, 40)}${value.length > 40 ? "\u2026" : ""}"` : typeof value;
    throw new ScalarInputError(INVALID_ID, `Expected an id (a UUID), got ${shown}`);
  }
  return value.toLowerCase();
}
const ValidatedIdScalar = new GraphQLScalarType({
  name: "ID",
  description: "A UUID, e.g. 0b5e1d7a-0000-4000-8000-000000000001 (any other input is refused with INVALID_ID).",
  serialize: (value) => {
    if (typeof value === "string") return value;
    if (typeof value === "number" && Number.isInteger(value)) return String(value);
    throw new TypeError(`ID cannot represent value: ${typeof value}`);
  },
  parseValue: parseId,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING)
      throw new ScalarInputError(INVALID_ID, `Expected an id (a UUID), got a ${ast.kind}`);
    return parseId(ast.value);
  }
});
function withValidatedIds(schema) {
  const id = schema.getType("ID");
  if (!id || !("parseValue" in id)) return schema;
  Object.assign(id, {
    description: ValidatedIdScalar.description,
    parseValue: ValidatedIdScalar.parseValue,
    parseLiteral: ValidatedIdScalar.parseLiteral
  });
  return schema;
}
export {
  INVALID_ID,
  ValidatedIdScalar,
  withValidatedIds
};
//# sourceMappingURL=ids.js.map
