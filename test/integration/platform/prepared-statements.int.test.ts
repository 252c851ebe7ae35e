import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type Db } from "../../../src/platform/db/prisma-client.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

/**
 * Decision 0628 (issue #43): Prisma's statements go out as named prepared statements, parsed once
 * per connection, each still planned for its own parameters; PIN_DB_PREPARED_STATEMENTS=false
 * sends them unnamed (a transaction-mode pooler that does not keep them).
 */
describe("prepared statements on the pg driver adapter (decision 0628)", () => {
  let database: MigratedDatabase;
  const clients: Db[] = [];
  beforeAll(async () => {
    database = await createMigratedDatabase("prepared_statements");
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.$disconnect()));
    await database?.drop();
  });

  /** Runs one statement twice on one connection, then what that connection has prepared and its plan mode. */
  async function onOneConnection(db: Db) {
    return db.$transaction(async (tx) => {
      for (const n of [1, 2]) await tx.$queryRaw`SELECT ${n}::int + 40 AS answer`;
      const prepared = await tx.$queryRaw<Array<{ statement: string }>>`
        SELECT statement FROM pg_prepared_statements WHERE name LIKE 'pin\\_%'`;
      const [mode] = await tx.$queryRaw<
        Array<{ mode: string }>
      >`SELECT current_setting('plan_cache_mode') AS mode`;
      return { prepared: prepared.map((p) => p.statement), mode: mode?.mode };
    });
  }

  it("by default a statement is prepared once per connection and planned for its parameters each time", async () => {
    const db = createPrismaClient({ url: database.url, maxConnections: 1 });
    clients.push(db);
    const { prepared, mode } = await onOneConnection(db);
    expect(prepared.filter((s) => s.includes("+ 40 AS answer"))).toHaveLength(1);
    expect(mode).toBe("force_custom_plan");
    // the same text again: the same prepared statement, nothing new parsed
    const again = await onOneConnection(db);
    expect(again.prepared.filter((s) => s.includes("+ 40 AS answer"))).toHaveLength(1);
  });

  it("the roles' shared pool (plans: auto, decision 0639): prepared, and planned by PostgreSQL's own rule", async () => {
    const db = createPrismaClient({ url: database.url, maxConnections: 1, plans: "auto" });
    clients.push(db);
    const { prepared, mode } = await onOneConnection(db);
    expect(prepared.filter((s) => s.includes("+ 40 AS answer"))).toHaveLength(1);
    expect(mode).toBe("auto");
  });

  it("PIN_DB_PREPARED_STATEMENTS=false: nothing is prepared, the server's plan mode is untouched", async () => {
    const db = createPrismaClient({ url: database.url, maxConnections: 1, preparedStatements: false });
    clients.push(db);
    const { prepared, mode } = await onOneConnection(db);
    expect(prepared).toEqual([]);
    expect(mode).toBe("auto");
  });
});
