import { existsSync, readFileSync } from "node:fs";
import fc from "fast-check";
import {
  buildSchema,
  type GraphQLArgument,
  type GraphQLInputType,
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { createStructure } from "../chessboard/chessboard-fixtures.js";
import { fuzzRuns, fuzzSeed } from "./fuzz-settings.js";

/**
 * Hostile arguments for every crm/chessboard mutation over the real HTTP server, as an admin, an
 * agent and anonymous: each answer is a typed error (a result union's Error member with its code,
 * or a GraphQL error with extensions.code), never INTERNAL_SERVER_ERROR, and the database does not
 * change. createDeal and upsertChessboardDeveloper can succeed on any well-formed input (they create
 * from nothing), so they are held only to "typed error or success, never internal".
 */
const clock = new ManualClock("2026-08-01T09:00:00.000Z");
const RUNS = fuzzRuns();
const SEED = fuzzSeed();
const CREATES_FROM_NOTHING = new Set(["createDeal", "upsertChessboardDeveloper"]);
/**
 * Mutations of the other contexts (catalog, dev-stats, messenger, notifications) whose success on a
 * well-formed input is legitimate (mark all read, an admin rebuild or override of ids that may not
 * exist yet, a feature flag): they too must answer typed, never INTERNAL_SERVER_ERROR, and must
 * leave the crm/chessboard snapshot unchanged, but a success is not a finding.
 */
const MAY_SUCCEED_ELSEWHERE = new Set([
  "markNotificationsRead",
  "markDealChatRead",
  "rebuildProjections",
  "deleteDisplayOverride",
  "setProjectDisplayOverride",
  "setBuildingDisplayOverride",
  "setPropertyObjectDisplayOverride",
  "setFeatureFlag",
]);
/**
 * saveSearch may succeed — a user's own saved search (decision 0364) — but only on a well-formed
 * name (1..100 characters once trimmed, as the service counts): any other success is a finding, and its filter is re-checked by the
 * malformed cases below. deleteSavedSearch is not here: the fuzz's ids are never a saved search of
 * the caller, so a success is a finding.
 */
const successAllowed = (name: string, variables: Record<string, unknown>): boolean =>
  MAY_SUCCEED_ELSEWHERE.has(name) ||
  (name === "saveSearch" &&
    typeof variables.name === "string" &&
    variables.name.trim().length >= 1 &&
    variables.name.trim().length <= 100);
/** Malformed saved searches (each bound of the name and of LotFilter): always a typed error. */
const MALFORMED_SAVED_SEARCHES: Array<Record<string, unknown>> = [
  { name: "", filter: {} },
  { name: "x".repeat(101), filter: {} },
  { name: "q", filter: { q: "я".repeat(201) } },
  { name: "cities", filter: { cityIds: Array.from({ length: 51 }, (_, i) => i + 1) } },
  { name: "bbox", filter: { bbox: { south: 56, west: 37, north: 55, east: 38 } } },
  { name: "near", filter: { near: { latitude: 55, longitude: 37, radiusKm: 0 } } },
  { name: "floors", filter: { floorMin: 9, floorMax: 2 } },
  { name: "readiness", filter: { readinessMin: 101 } },
  { name: "quarter", filter: { deliveryByQuarter: { year: 2027, quarter: 5 } } },
  { name: "price", filter: { priceMin: "1e5" } },
];
const schema = buildSchema(readFileSync("schema/schema.graphql", "utf8"));
const mutations = Object.values(schema.getMutationType()!.getFields());
/**
 * Until the validated ID scalar (issue 13, src/graphql/scalars/ids.ts) is on this branch, a string
 * ID that is not a UUID reaches PostgreSQL and comes back INTERNAL_SERVER_ERROR (found by this
 * test; decision 0173): ID arguments are then UUIDs or values ID does not coerce (not strings, not numbers) only. With the scalar, any string.
 */
const VALIDATED_IDS = existsSync("src/graphql/scalars/ids.ts");
let app: TestApp;

const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "'; DROP TABLE crm.bookings; --",
    "\u202e\ud83d\ude00",
    "x".repeat(20_000),
    "null",
  ),
  fc.uuid(),
);
function valueFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.anything({ maxDepth: 1 });
  if (isNonNullType(type)) return valueFor(type.ofType, depth);
  if (isListType(type)) return fc.oneof(fc.array(valueFor(type.ofType, depth + 1), { maxLength: 3 }), wrong);
  const named = getNamedType(type);
  if (isInputObjectType(named) && depth < 2) {
    const fields = Object.fromEntries(
      Object.values(named.getFields()).map((f) => [f.name, valueFor(f.type, depth + 1)]),
    );
    return fc.oneof(fc.record(fields, { requiredKeys: [] }), wrong);
  }
  if (isScalarType(named)) {
    switch (named.name) {
      case "Int":
        return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER), wrong);
      case "Boolean":
        return fc.oneof(fc.boolean(), wrong);
      case "Decimal":
        return fc.oneof(
          fc.constantFrom("-1", "0", "1e400", "NaN", "12.345", "99999999999999999.99"),
          hostileString,
          wrong,
        );
      case "ID":
        return VALIDATED_IDS
          ? fc.oneof(hostileString, fc.uuid(), wrong)
          : fc.oneof(
              fc.uuid(),
              wrong.filter((v) => typeof v !== "string" && typeof v !== "number"),
            );
      default:
        return fc.oneof(hostileString, hostileString, wrong);
    }
  }
  return fc.oneof(hostileString, wrong);
}

function documentOf(name: string, args: readonly GraphQLArgument[]): string {
  const vars = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const call = args.map((a) => `${a.name}: $${a.name}`).join(", ");
  return `mutation${vars ? `(${vars})` : ""} { ${name}${call ? `(${call})` : ""} { __typename ... on Error { code } } }`;
}

async function databaseSnapshot(): Promise<string> {
  const rows = await app.db.$queryRaw<Array<{ t: string; h: string | null }>>`
    SELECT 'chessboard.property_objects' AS t, md5(string_agg(p::text, '|' ORDER BY p.id)) AS h FROM chessboard.property_objects p
    UNION ALL SELECT 'chessboard.buildings', md5(string_agg(b::text, '|' ORDER BY b.id)) FROM chessboard.buildings b
    UNION ALL SELECT 'chessboard.projects', md5(string_agg(p::text, '|' ORDER BY p.id)) FROM chessboard.projects p
    UNION ALL SELECT 'chessboard.developers', md5(string_agg(d::text, '|' ORDER BY d.id)) FROM chessboard.developers d
    UNION ALL SELECT 'crm.deals', md5(string_agg(d::text, '|' ORDER BY d.id)) FROM crm.deals d
    UNION ALL SELECT 'crm.bookings', md5(string_agg(b::text, '|' ORDER BY b.id)) FROM crm.bookings b
    UNION ALL SELECT 'platform.outbox', count(*)::text FROM platform.outbox`;
  return JSON.stringify(rows);
}

type Answer = {
  data?: Record<string, { __typename: string; code?: string } | null> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
};

/** "" when the answer is a typed error; otherwise what is wrong with it. */
function untyped(name: string, answer: Answer, successAllowed: boolean): string {
  for (const e of answer.errors ?? []) {
    const code = e.extensions?.code;
    // graphql-js' variable errors too: the server gives them BAD_USER_INPUT (decision 0539).
    if (typeof code !== "string" || code === "" || code === "INTERNAL_SERVER_ERROR") {
      return `error without a typed code: ${JSON.stringify(e).slice(0, 300)}`;
    }
  }
  if (answer.errors?.length) return "";
  const result = answer.data?.[name];
  if (!result) return "no result and no error";
  if (typeof result.code === "string" && result.code !== "") return "";
  return successAllowed ? "" : `succeeded (${result.__typename}) on hostile input`;
}

beforeAll(async () => {
  app = await startTestApp({ clock, roles: ["api"] });
  await createStructure(app.db, clock, 2);
});
afterAll(async () => {
  await app?.stop();
});

describe(`mutation fuzzing (fast-check seed ${SEED}, ${RUNS} cases per mutation)`, () => {
  it("hostile arguments to every crm/chessboard mutation end as a typed error, never INTERNAL_SERVER_ERROR, and the database is unchanged", async () => {
    const tokens = [null, await app.tokenFor("admin"), await app.tokenFor("agent")];
    const problems: string[] = [];
    const before = await databaseSnapshot();
    for (const [i, m] of mutations.filter((f) => !CREATES_FROM_NOTHING.has(f.name)).entries()) {
      const doc = documentOf(m.name, m.args);
      const cases = fc.sample(
        fc.record(Object.fromEntries(m.args.map((a) => [a.name, valueFor(a.type)])), { requiredKeys: [] }),
        { numRuns: RUNS, seed: SEED + i },
      );
      for (const [n, variables] of cases.entries()) {
        const answer = (await app.graphql(doc, variables, tokens[n % tokens.length])) as Answer;
        const wrong = untyped(m.name, answer, successAllowed(m.name, variables));
        if (wrong) problems.push(`${m.name} ${JSON.stringify(variables).slice(0, 200)}: ${wrong}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await databaseSnapshot()).toBe(before);
  });

  it("saveSearch with a malformed name or filter is a typed error (never a success), for a signed-in user", async () => {
    const m = mutations.find((f) => f.name === "saveSearch")!;
    const doc = documentOf(m.name, m.args);
    const token = await app.tokenFor("agent");
    const problems: string[] = [];
    for (const variables of MALFORMED_SAVED_SEARCHES) {
      const answer = (await app.graphql(doc, variables, token)) as Answer;
      const wrong = untyped(m.name, answer, false);
      if (wrong) problems.push(`${JSON.stringify(variables).slice(0, 120)}: ${wrong}`);
    }
    expect(problems).toEqual([]);
  });

  it("hostile arguments to the mutations that create from nothing end as a typed error or a success, never INTERNAL_SERVER_ERROR", async () => {
    const tokens = [null, await app.tokenFor("admin"), await app.tokenFor("agent")];
    const problems: string[] = [];
    for (const [i, m] of mutations.filter((f) => CREATES_FROM_NOTHING.has(f.name)).entries()) {
      const doc = documentOf(m.name, m.args);
      const cases = fc.sample(
        fc.record(Object.fromEntries(m.args.map((a) => [a.name, valueFor(a.type)])), { requiredKeys: [] }),
        { numRuns: RUNS, seed: SEED + 1000 + i },
      );
      for (const [n, variables] of cases.entries()) {
        const answer = (await app.graphql(doc, variables, tokens[n % tokens.length])) as Answer;
        const wrong = untyped(m.name, answer, true);
        if (wrong) problems.push(`${m.name} ${JSON.stringify(variables).slice(0, 200)}: ${wrong}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
