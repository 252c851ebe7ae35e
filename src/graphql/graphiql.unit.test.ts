import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { BOOK_AN_APARTMENT, CONVERSION_FUNNEL, STOREFRONT_LOTS, WATCH_A_BUILDING } from "./graphiql.js";

// GraphiQL's example tabs are the first operations a newcomer runs: each must be valid against
// the schema this build serves (a renamed field must fail here, not in a browser). The printed
// SDL is the schema (`npm run codegen:check` keeps it in step with the Pothos schema).
const schema = buildSchema(readFileSync(new URL("../../schema/schema.graphql", import.meta.url), "utf8"));
const SOME_UUID = '"00000000-0000-4000-8000-000000000000"';

describe("GraphiQL example tabs", () => {
  it.each([
    ["book an apartment", BOOK_AN_APARTMENT],
    ["watch a building live", WATCH_A_BUILDING],
    ["storefront lots", STOREFRONT_LOTS],
    ["conversion funnel", CONVERSION_FUNNEL],
  ])("the %s tab validates against the schema", (_name, text) => {
    const filled = text.replaceAll(/"@[A-Z_]+@"/g, SOME_UUID).replaceAll(/@[A-Z_]+@/g, "");
    expect(validate(schema, parse(filled)).map((e) => e.message)).toEqual([]);
  });
});
