import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionStringOf } from "../../../src/platform/db/prisma-client.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

/**
 * Issue #42 item 1: the storefront's cost is charged before execution — aliases multiply, the
 * caller's budget is cost units per minute (anonymous per address, signed in per user), requests in
 * flight per caller are capped, storefront reads stop at a short statement_timeout, and one
 * normalised filter's facets are read once for concurrent callers.
 */
type Answer = {
  status: number;
  retryAfter: string | null;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
};

let t: TestApp;

async function post(body: unknown, from: { address?: string; token?: string } = {}): Promise<Answer> {
  const response = await fetch(t.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(from.address ? { "x-forwarded-for": from.address } : {}),
      ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as Answer["body"],
  };
}

/** The budgets are fixed minutes: a step that spends then checks starts where it cannot straddle two. */
async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((r) => setTimeout(r, left + 50));
}

const codes = (a: Answer) => (a.body.errors ?? []).map((e) => e.extensions?.code);
const facets = (n: number, q: string | null) => ({
  query: `query($f: LotFilter) { ${Array.from({ length: n }, (_, i) => `f${i}: catalogFilters(filter: $f) { total }`).join(" ")} }`,
  variables: { f: q ? { q } : {} },
});
const LOTS = { query: "{ lots(first: 20) { edges { node { id } } } }" };

/** Holds an ACCESS EXCLUSIVE lock on the lot cards (every storefront read waits) until release(). */
async function lockCards(): Promise<{ client: pg.Client; release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: connectionStringOf(t.app.db) });
  await client.connect();
  await client.query("BEGIN");
  await client.query("LOCK TABLE catalog.property_object_cards IN ACCESS EXCLUSIVE MODE");
  return {
    client,
    release: async () => {
      await client.query("COMMIT");
      await client.end();
    },
  };
}

beforeAll(async () => {
  t = await startTestApp({
    roles: ["api"],
    env: {
      PIN_TRUST_PROXY: "loopback",
      PIN_CATALOG_LOTS_ANONYMOUS_PER_MINUTE: "10000",
      PIN_STOREFRONT_COST_ANONYMOUS_PER_MINUTE: "100",
      PIN_STOREFRONT_COST_USER_PER_MINUTE: "500",
      PIN_STOREFRONT_IN_FLIGHT_ANONYMOUS: "2",
      PIN_STOREFRONT_IN_FLIGHT_USER: "4",
      PIN_STOREFRONT_STATEMENT_TIMEOUT_MS: "1500",
      PIN_STOREFRONT_FACETS_CACHE_MS: "3000",
    },
  });
});
afterAll(async () => {
  await t?.stop();
});

describe("the storefront's cost budget, charged before execution", () => {
  it("15 aliased catalogFilters(q) cost 15 × 60 units: refused whole, 429 with Retry-After, before any read", async () => {
    const answer = await post(facets(15, "квартира"), { address: "10.42.0.1" });
    expect(answer.status).toBe(429);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(codes(answer)).toEqual(["RATE_LIMITED"]);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ costUnits: 900, budgetPerMinute: 100 });
    expect(answer.body.data ?? null).toBeNull();
    // another address is not affected; this one still has its whole budget for one facet read
    expect(codes(await post(facets(1, "квартира"), { address: "10.42.0.1" }))).toEqual([]);
  });

  it("the budget is cost units per minute per address: a second facet read with q is over 100", async () => {
    await awayFromMinuteEnd();
    expect(codes(await post(facets(1, "дом"), { address: "10.42.0.2" }))).toEqual([]);
    const second = await post(facets(1, "сад"), { address: "10.42.0.2" });
    expect(codes(second)).toEqual(["RATE_LIMITED"]);
    expect(second.status).toBe(429);
    // cheap pages of another address go on
    for (let i = 0; i < 5; i++) expect(codes(await post(LOTS, { address: "10.42.0.3" }))).toEqual([]);
  });

  it("signed-in callers have their own budget per user: 15 aliased facets (600 units) are over 500", async () => {
    const token = await t.tokenFor("agent");
    await awayFromMinuteEnd();
    const refused = await post(facets(15, null), { token });
    expect(codes(refused)).toEqual(["RATE_LIMITED"]);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ costUnits: 600, budgetPerMinute: 500 });
    expect(codes(await post(facets(2, null), { token }))).toEqual([]);
  });
});

describe("requests in flight, the statement timeout and shared facets", () => {
  it("a third storefront request of one address while two run is refused at once; the two stop at statement_timeout", async () => {
    const lock = await lockCards();
    try {
      const started = Date.now();
      const running = [post(LOTS, { address: "10.42.1.1" }), post(LOTS, { address: "10.42.1.1" })];
      await new Promise((r) => setTimeout(r, 300));
      const third = await post(LOTS, { address: "10.42.1.1" });
      expect(codes(third)).toEqual(["TOO_MANY_IN_FLIGHT"]);
      expect(third.status).toBe(429);
      expect(third.retryAfter).toBe("1");
      const cut = await Promise.all(running);
      for (const answer of cut) expect(codes(answer)).toEqual(["STOREFRONT_QUERY_TOO_EXPENSIVE"]);
      expect(Date.now() - started).toBeLessThan(6_000);
    } finally {
      await lock.release();
    }
    // the slots were given back
    expect(codes(await post(LOTS, { address: "10.42.1.1" }))).toEqual([]);
  });

  it("concurrent catalogFilters of one normalised filter share one database read", async () => {
    const lock = await lockCards();
    let waiting = 0;
    let answers: Answer[] = [];
    try {
      const asked = [1, 2, 3, 4].map((i) => post(facets(1, "Солнечный"), { address: `10.42.2.${i}` }));
      await new Promise((r) => setTimeout(r, 500));
      const rows = await lock.client.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      waiting = rows.rows[0].n;
      await lock.release();
      answers = await Promise.all(asked);
    } catch (error) {
      await lock.release().catch(() => {});
      throw error;
    }
    expect(waiting).toBe(1);
    for (const answer of answers) expect(codes(answer)).toEqual([]);
  });
});
