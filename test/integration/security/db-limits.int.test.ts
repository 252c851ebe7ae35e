import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  abortRequestScope,
  limitDatabaseWorkPerRequest,
  newRequestScope,
  runInRequestScope,
} from "../../../src/graphql/security/request-scope.js";
import { createPrismaClient, type Db, pgAccessOf } from "../../../src/platform/db/prisma-client.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

/** Issue #13 item 5: one request holds at most PIN_REQUEST_DB_CONCURRENCY connections, none after its timeout. */
describe("database work per request", () => {
  let database: MigratedDatabase;
  let pool: Db;
  beforeAll(async () => {
    database = await createMigratedDatabase("security_db");
    pool = createPrismaClient({ url: database.url, maxConnections: 8 });
  });
  afterAll(async () => {
    await pool?.$disconnect();
    await database?.drop();
  });

  /** Each statement sleeps, then reports how many other marker statements were running with it. */
  async function peakConcurrency(db: Db, statements: number, marker: string): Promise<number> {
    const seen = await Promise.all(
      Array.from({ length: statements }, () =>
        db.$queryRawUnsafe<Array<{ others: number }>>(
          `SELECT (SELECT count(*)::int FROM pg_stat_activity
             WHERE query LIKE '%${marker}%' AND state = 'active' AND pid <> pg_backend_pid()) AS others
           FROM (SELECT pg_sleep(0.15)::text) AS slept -- ${marker}`,
        ),
      ),
    );
    return Math.max(...seen.map((rows) => (rows[0]?.others ?? 0) + 1));
  }

  it("without a request scope, six statements run side by side (the test can fail)", async () => {
    expect(await peakConcurrency(pool, 6, "pin_marker_free")).toBeGreaterThan(2);
  });

  it("inside a request scope capped at 2, at most 2 of its statements run at once", async () => {
    const limited = limitDatabaseWorkPerRequest(pool);
    const peak = await runInRequestScope(newRequestScope(2), () =>
      peakConcurrency(limited, 6, "pin_marker_capped"),
    );
    expect(peak).toBeLessThanOrEqual(2);
  });

  it("after the request timed out, its further database work is refused with REQUEST_TIMEOUT", async () => {
    const limited = limitDatabaseWorkPerRequest(pool);
    const scope = newRequestScope(2);
    await runInRequestScope(scope, async () => {
      await expect(limited.$queryRaw`SELECT 1 AS one`).resolves.toEqual([{ one: 1 }]);
      abortRequestScope(scope);
      await expect(limited.$queryRaw`SELECT 1`).rejects.toMatchObject({
        extensions: { code: "REQUEST_TIMEOUT" },
      });
    });
  });

  it("work sent to the pg pool directly (crm's commands, decision 0500) waits for the request's slots and is refused after its timeout", async () => {
    const limited = limitDatabaseWorkPerRequest(pool);
    const access = pgAccessOf(limited);
    expect(access?.pool, "the limited client shares its base's pool").toBeDefined();
    const direct = (marker: string) =>
      access!.around(() =>
        access!.pool.query(
          `SELECT (SELECT count(*)::int FROM pg_stat_activity
             WHERE query LIKE '%${marker}%' AND state = 'active' AND pid <> pg_backend_pid()) AS others
           FROM (SELECT pg_sleep(0.15)::text) AS slept -- ${marker}`,
        ),
      );
    const scope = newRequestScope(2);
    await runInRequestScope(scope, async () => {
      const seen = await Promise.all(Array.from({ length: 6 }, () => direct("pin_marker_direct")));
      expect(Math.max(...seen.map((r) => (r.rows[0]?.others ?? 0) + 1))).toBeLessThanOrEqual(2);
      abortRequestScope(scope);
      await expect(direct("pin_marker_direct_late")).rejects.toMatchObject({
        extensions: { code: "REQUEST_TIMEOUT" },
      });
    });
  });

  it("a request that reads more rows than its budget is refused with REQUEST_TOO_EXPENSIVE", async () => {
    const limited = limitDatabaseWorkPerRequest(pool);
    await runInRequestScope(newRequestScope(2, 100), async () => {
      await expect(limited.$queryRaw`SELECT g FROM generate_series(1, 60) g`).resolves.toHaveLength(60);
      await expect(limited.$queryRaw`SELECT g FROM generate_series(1, 60) g`).rejects.toMatchObject({
        extensions: { code: "REQUEST_TOO_EXPENSIVE" },
      });
      // many statements waiting for a slot all fail fast (none hangs until the deadline)
      const waiting = await Promise.allSettled(Array.from({ length: 6 }, () => limited.$queryRaw`SELECT 1`));
      expect(waiting.every((r) => r.status === "rejected")).toBe(true);
    });
  });

  it("the api pool's statement_timeout stops a runaway statement", async () => {
    const api = createPrismaClient({ url: database.url, maxConnections: 1, statementTimeoutMs: 200 });
    try {
      await expect(api.$queryRaw`SELECT pg_sleep(2)`).rejects.toThrow(
        /statement timeout|canceling statement/i,
      );
    } finally {
      await api.$disconnect();
    }
  });
});
