import { buildSchema, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "./schema/index.js";

/**
 * Every public type of the API is described, and its fields as far as done (issue #44 item 3).
 * Checks by shape, not graphql's isObjectType: under vitest Pothos and src/ may load different
 * graphql builds (see src/graphql/scalars/ids.ts).
 */
const BUILT_IN_SCALARS = new Set(["String", "Int", "Float", "Boolean", "ID"]);

/**
 * RATCHET, not the goal: fields of object, input and interface types still without a description
 * when this test was written. The number may only go down: describe a field, then lower it to
 * the new count the failure message prints. The goal is 0.
 */
const UNDESCRIBED_FIELDS_MAX = 14;

type Member = { name: string; description?: string | null | undefined };
type Fielded = Member & { getFields(): Record<string, Member> };

function publicTypes(target: GraphQLSchema): Member[] {
  return Object.values(target.getTypeMap()).filter(
    (type) => !type.name.startsWith("__") && !BUILT_IN_SCALARS.has(type.name),
  );
}

function undescribedTypes(target: GraphQLSchema): string[] {
  return publicTypes(target)
    .filter((type) => !type.description?.trim())
    .map((type) => type.name);
}

function undescribedFields(target: GraphQLSchema): string[] {
  return publicTypes(target)
    .filter((type): type is Fielded => "getFields" in type && typeof type.getFields === "function")
    .flatMap((type) =>
      Object.values(type.getFields())
        .filter((field) => !field.description?.trim())
        .map((field) => `${type.name}.${field.name}`),
    );
}

describe("the schema describes itself (issue #44 item 3)", () => {
  it("every public type has a description", () => {
    expect(undescribedTypes(schema)).toEqual([]);
  });

  it("undescribed fields do not grow past the ratchet", () => {
    const fields = undescribedFields(schema);
    expect(
      fields.length,
      `${fields.length} undescribed fields (ratchet ${UNDESCRIBED_FIELDS_MAX}; lower it when you describe some):\n${fields.join("\n")}`,
    ).toBeLessThanOrEqual(UNDESCRIBED_FIELDS_MAX);
  });

  it("the checks see an undescribed type, input, enum, union and field", () => {
    const sample = buildSchema(`
      """Described"""
      type Query { a: Int, """ok""" b: Thing, c(filter: Filter): Kind, d: Either }
      type Thing { x: Int }
      input Filter { y: Int }
      enum Kind { K }
      """Described"""
      type Other { z: Int }
      union Either = Thing | Other
    `);
    expect(undescribedTypes(sample).sort()).toEqual(["Either", "Filter", "Kind", "Thing"]);
    expect(undescribedFields(sample).sort()).toEqual([
      "Filter.y",
      "Other.z",
      "Query.a",
      "Query.c",
      "Query.d",
      "Thing.x",
    ]);
  });
});
