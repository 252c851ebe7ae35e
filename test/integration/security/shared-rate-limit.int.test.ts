import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSharedRateLimiter } from "../../../src/graphql/security/shared-rate-limiter.js";
import { createPrismaClient, type Db } from "../../../src/platform/db/prisma-client.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

/** The windows are fixed minutes: a burst is started where it cannot straddle two of them. */
async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((r) => setTimeout(r, left + 50));
}

/**
 * Issues #25 and #42 item 7: rates are counted in PostgreSQL when several API replicas share the
 * database — one atomic statement per request, so replicas together admit the limit once (a burst
 * split over two replicas admitted 240 of 120 when each decided from a 200 ms old total), and the
 * windows are LOGGED (crash recovery emptied the UNLOGGED table, handing spent budgets back).
 */
describe("shared rate limiter (PostgreSQL windows)", () => {
  let database: MigratedDatabase;
  let db: Db;
  const { logger } = createMemoryLogger();
  const replica = () => createSharedRateLimiter({ db, log: logger, maxKeys: 1_000 });
  beforeAll(async () => {
    database = await createMigratedDatabase("ratelimit");
    db = createPrismaClient({ url: database.url, maxConnections: 8 });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it("a burst split over two replicas admits exactly the limit", async () => {
    const a = replica();
    const b = replica();
    const key = "anon:10.0.0.1";
    await awayFromMinuteEnd();
    const verdicts = await Promise.all(
      Array.from({ length: 240 }, (_, i) => (i % 2 === 0 ? a : b).take(key, 120)),
    );
    expect(verdicts.filter((v) => v.ok)).toHaveLength(120);
    const [row] = await db.$queryRaw<Array<{ used: number }>>`
      SELECT used FROM platform.rate_limit_windows WHERE key = ${key}`;
    expect(row?.used).toBe(120);
  });

  it("cost units: a take over what is left is refused whole; charged rows count; a refused key stays refused", async () => {
    await awayFromMinuteEnd();
    const a = replica();
    expect((await a.take("user:units", 100, 60)).ok).toBe(true);
    expect((await a.take("user:units", 100, 60)).ok).toBe(false);
    expect((await a.take("user:units", 100, 40)).ok).toBe(false); // remembered as refused this window
    expect((await a.take("user:big", 100, 101)).ok).toBe(false);
    a.charge("user:charged", 4);
    await new Promise((r) => setTimeout(r, 200));
    expect((await a.take("user:charged", 5)).ok).toBe(true);
    expect((await a.take("user:charged", 5)).ok).toBe(false);
  });

  it("the windows are a LOGGED table (crash recovery keeps them)", async () => {
    const [row] = await db.$queryRaw<Array<{ persistence: string }>>`
      SELECT relpersistence::text AS persistence FROM pg_class WHERE oid = 'platform.rate_limit_windows'::regclass`;
    expect(row?.persistence).toBe("p");
  });

  it("when the database cannot be reached, it counts locally (the limit holds per instance)", async () => {
    const broken = createPrismaClient({
      url: database.url.replace(/\/[^/]+$/, "/no_such_db"),
      maxConnections: 1,
    });
    const a = createSharedRateLimiter({ db: broken, log: logger, maxKeys: 10 });
    expect((await a.take("k", 2)).ok).toBe(true);
    expect((await a.take("k", 2)).ok).toBe(true);
    expect((await a.take("k", 2)).ok).toBe(false);
    await broken.$disconnect();
  });
});

describe("two app instances on one database", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { PIN_RATE_LIMIT_STORE: "postgres", PIN_RATE_LIMIT_ANONYMOUS_PER_MINUTE: "20" };
    first = await startTestApp({ roles: ["api"], env });
    second = await startTestApp({ roles: ["api"], env, databaseUrl: first.settings.databaseUrl ?? "" });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("an anonymous burst split over both admits the per-minute limit once", async () => {
    await awayFromMinuteEnd();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch((i % 2 === 0 ? first : second).url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: "{ viewer { userId } }" }),
        });
        await response.text();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});
