import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { readMigrationFiles, runMigrations } from "../../../src/platform/db/migrations/run-migrations.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { migratedTemplate, templateName } from "../../support/migrated-template.js";
import { pgAdminUrl, requireService } from "../../support/services.js";

await requireService("postgres");

async function adminQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

// Decision 0475: test databases are copies of one migrated template per set of migration files.
describe("the migrated template test databases are copied from", () => {
  const made: MigratedDatabase[] = [];
  afterAll(async () => {
    for (const d of made) await d.drop();
  });

  it("is named by the migrations' hash, is a template and takes no connections", async () => {
    const name = await migratedTemplate(pgAdminUrl());
    expect(name).toBe(await templateName());
    expect(name).toMatch(/^pin_tpl_[0-9a-f]{16}$/);
    const [row] = await adminQuery<{ datistemplate: boolean; datallowconn: boolean }>(
      "SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1",
      [name],
    );
    expect(row).toEqual({ datistemplate: true, datallowconn: false });
    // No half-made template is left behind.
    const wip = await adminQuery("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${name}_wip_%`]);
    expect(wip).toEqual([]);
  });

  it("a copy has every migration applied: the runner applies none and reports none edited", async () => {
    const [a, b] = await Promise.all([
      createMigratedDatabase("tpl_copy_a"),
      createMigratedDatabase("tpl_copy_b"),
    ]);
    made.push(a, b);
    const files = await readMigrationFiles();
    const report = await runMigrations({ url: a.url, log: createMemoryLogger().logger });
    expect(report.applied).toEqual([]);
    expect(report.edited).toEqual([]);
    expect(report.alreadyApplied).toEqual(files.map((f) => f.name));
    // Two copies are two databases: a row written in one is not in the other.
    await a.prisma.$executeRawUnsafe(`CREATE TABLE only_in_a (id int)`);
    const inB = await b.prisma.$queryRawUnsafe<Array<{ n: bigint }>>(
      `SELECT count(*) AS n FROM pg_tables WHERE tablename = 'only_in_a'`,
    );
    expect(Number(inB[0]?.n)).toBe(0);
  });
});
