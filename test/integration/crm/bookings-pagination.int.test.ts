import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../../src/app.js";
import type { GraphQLContext } from "../../../src/graphql/context.js";
import { schema } from "../../../src/graphql/schema/index.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { seedEndedBooking, seedEngagedDeal, viewers } from "./crm-fixtures.js";

// Pothos loads graphql as CommonJS; take the same instance, or the schema is "from another realm".
const { execute, parse } = createRequire(import.meta.url)("graphql") as typeof import("graphql");

const BOOKINGS = 13;
const OTHER_AGENT_BOOKINGS = 4;
const SAME_INSTANT_EVERY = 3;
const MS_PER_MINUTE = 60_000;
const BASE = Date.parse("2026-02-01T00:00:00.000Z");

let app: TestApp;
const clock = new ManualClock("2026-08-01T09:00:00.000Z");
/** Every seeded booking id, newest first by (createdAt, id) as the API must return them. */
let expectedOrder: string[] = [];
let ownIds: Set<string>;

interface Conn {
  edges: Array<{ cursor: string; node: { id: string; createdAt: string } }>;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    endCursor: string | null;
    startCursor: string | null;
  };
}
const PAGE = `query($n: Int, $after: String, $last: Int, $before: String) {
  bookings(first: $n, after: $after, last: $last, before: $before) {
    edges { cursor node { id createdAt } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

beforeAll(async () => {
  app = await startTestApp({ clock, roles: ["api"] });
  const deal = await seedEngagedDeal(app.db);
  const otherDeal = await seedEngagedDeal(app.db, { agentUserId: "agent-2" });
  const seeded: Array<{ id: string; at: number }> = [];
  for (let i = 0; i < BOOKINGS; i++) {
    // Every third booking shares its instant with the previous one: the id must break the tie.
    const at = BASE + (i - (i % SAME_INSTANT_EVERY === 2 ? 1 : 0)) * MS_PER_MINUTE;
    seeded.push({ id: await seedEndedBooking(app.db, deal, new Date(at)), at });
  }
  ownIds = new Set(seeded.map((s) => s.id));
  for (let i = 0; i < OTHER_AGENT_BOOKINGS; i++) {
    const at = BASE + i * MS_PER_MINUTE + 1;
    seeded.push({ id: await seedEndedBooking(app.db, otherDeal, new Date(at)), at });
  }
  expectedOrder = seeded
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((s) => s.id);
});
afterAll(async () => {
  await app?.stop();
});

async function page(token: string, vars: Record<string, unknown>): Promise<Conn> {
  const res = await app.graphql<{ bookings: Conn }>(PAGE, vars, token);
  expect(res.errors).toBeUndefined();
  return res.data!.bookings;
}

async function walk(token: string, size: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < BOOKINGS + OTHER_AGENT_BOOKINGS + 1; guard++) {
    const p: Conn = await page(token, { n: size, after });
    ids.push(...p.edges.map((e) => e.node.id));
    if (!p.pageInfo.hasNextPage) return ids;
    after = p.pageInfo.endCursor;
  }
  throw new Error("pagination did not terminate");
}

describe("bookings: keyset cursor pagination over HTTP", () => {
  it("walking pages of 4 with after=endCursor returns every visible booking once, newest first, ties broken by id", async () => {
    const token = await app.tokenFor("pin_manager");
    expect(await walk(token, 4)).toEqual(expectedOrder);
  });

  it("a booking created between two pages neither shifts nor duplicates the next page (unlike OFFSET)", async () => {
    const token = await app.tokenFor("pin_manager");
    const first = await page(token, { n: 3 });
    const deal = await seedEngagedDeal(app.db);
    const newest = await seedEndedBooking(app.db, deal, new Date(BASE + BOOKINGS * 10 * MS_PER_MINUTE));
    try {
      const second = await page(token, { n: 3, after: first.pageInfo.endCursor });
      expect(second.edges.map((e) => e.node.id)).toEqual(expectedOrder.slice(3, 6));
      expect(second.pageInfo.hasPreviousPage).toBe(true);
    } finally {
      await app.db.crmBooking.delete({ where: { id: newest } });
    }
  });

  it("last/before pages backwards to the same rows", async () => {
    const token = await app.tokenFor("pin_manager");
    const second = await page(token, { n: 3, after: (await page(token, { n: 3 })).pageInfo.endCursor });
    const back = await page(token, { last: 3, before: second.pageInfo.startCursor });
    expect(back.edges.map((e) => e.node.id)).toEqual(expectedOrder.slice(0, 3));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });

  it("the visibility rule holds across pages: an agent walks only the bookings of their own deals", async () => {
    const token = await app.tokenFor("agent", { userId: viewers.agent.userId });
    const ids = await walk(token, 5);
    expect(ids).toEqual(expectedOrder.filter((id) => ownIds.has(id)));
  });

  it("a malformed cursor is refused with CRM_INVALID_CURSOR", async () => {
    const res = await app.graphql(PAGE, { n: 2, after: "b2Zmc2V0OjM" }, await app.tokenFor("pin_manager"));
    expect(res.data?.bookings ?? null).toBeNull();
    expect(JSON.stringify(res.errors)).toContain("CRM_INVALID_CURSOR");
  });
});

describe("DataLoader: a page of bookings costs a constant number of SQL queries", () => {
  async function countQueries(vars: Record<string, unknown>): Promise<{ queries: number; rows: number }> {
    let queries = 0;
    const counting = app.db.$extends({
      query: {
        $allOperations({ args, query }) {
          queries++;
          return query(args);
        },
      },
    });
    const viewer = { userId: DEMO_USERS.pin_manager.userId, roles: ["pin_manager" as const], tenantId: null };
    const { logger } = createMemoryLogger();
    const ctx = {
      viewer,
      requestId: "count",
      log: logger,
      deps: {
        log: logger,
        metrics: app.metrics,
        settings: app.settings,
        services: createServices({
          db: counting as unknown as typeof app.db,
          clock,
          log: logger,
          metrics: app.metrics,
        }),
      },
    } as unknown as GraphQLContext;
    const result = await execute({
      schema,
      document: parse(
        `query($n: Int, $after: String) { bookings(first: $n, after: $after) { edges { node { id deal { id status bookings { id } timeline { toStatus } } timeline { toStatus } } } pageInfo { endCursor } } }`,
      ),
      variableValues: vars,
      contextValue: ctx,
    });
    expect(result.errors).toBeUndefined();
    const data = result.data as { bookings: { edges: unknown[] } };
    return { queries, rows: data.bookings.edges.length };
  }

  it("a page of 2 and a page of 10 (and a later page of 10 after a cursor) cost the same number of queries", async () => {
    const small = await countQueries({ n: 2 });
    const large = await countQueries({ n: 10 });
    const token = await app.tokenFor("pin_manager");
    const after = (await page(token, { n: 2 })).pageInfo.endCursor;
    const later = await countQueries({ n: 10, after });
    expect(small.rows).toBe(2);
    expect(large.rows).toBe(10);
    expect(later.rows).toBe(10);
    expect(large.queries).toBe(small.queries);
    expect(later.queries).toBe(small.queries);
    expect(small.queries).toBeLessThanOrEqual(5);
  });
});
