import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import {
  BOOKING_FLOW,
  BUILDING_GRID,
  CONVERSION_FUNNEL,
  STOREFRONT_LOTS,
  WATCH_A_BUILDING,
  withDemoIds,
} from "./graphiql.js";

// GraphiQL's example tabs are the first operations a newcomer runs: each must be valid against
// the schema this build serves (a renamed field must fail here, not in a browser). The printed
// SDL is the schema (`npm run codegen:check` keeps it in step with the Pothos schema).
const schema = buildSchema(readFileSync(new URL("../../schema/schema.graphql", import.meta.url), "utf8"));
const SOME_UUID = '"00000000-0000-4000-8000-000000000000"';

describe("GraphiQL example tabs", () => {
  it.each([
    ["building grid", BUILDING_GRID],
    ["booking flow", BOOKING_FLOW],
    ["watch a building live", WATCH_A_BUILDING],
    ["storefront lots", STOREFRONT_LOTS],
    ["conversion funnel", CONVERSION_FUNNEL],
  ])("the %s tab validates against the schema", (_name, text) => {
    const filled = text.replaceAll(/"@[A-Z_]+@"/g, SOME_UUID).replaceAll(/@[A-Z_]+@/g, "");
    expect(validate(schema, parse(filled)).map((e) => e.message)).toEqual([]);
  });

  it("the first tab holds exactly one operation, so ▶ runs it without asking", () => {
    const ops = parse(BUILDING_GRID.replaceAll(/@[A-Z_]+@/g, "")).definitions;
    expect(ops.map((d) => ("name" in d ? d.name?.value : undefined))).toEqual(["Grid"]);
  });

  it("the booking flow runs createDeal → engageDeveloper → createBooking → cancelBooking with the demo ids prefilled", () => {
    const text = withDemoIds(BOOKING_FLOW, new Date("2026-05-10T12:00:00Z"));
    expect(text).not.toMatch(/@[A-Z_]+@/);
    const names = parse(text).definitions.map((d) => ("name" in d ? d.name?.value : undefined));
    expect(names).toEqual(["CreateDeal", "EngageDeveloper", "Book", "CancelBooking", "MyDeals"]);
    expect(withDemoIds(CONVERSION_FUNNEL, new Date("2026-05-10T12:00:00Z"))).toContain(
      '$from: String! = "2026-02-10", $to: String! = "2026-05-10"',
    );
  });
});
