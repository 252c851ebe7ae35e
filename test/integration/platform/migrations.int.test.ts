import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MigrationError, runMigrations } from "../../../src/platform/db/migrations/run-migrations.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createTestDatabase, requireService } from "../../support/services.js";

await requireService("postgres");

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pin-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("migration runner (Prisma-compatible _prisma_migrations)", () => {
  let db: { url: string; drop(): Promise<void> };
  beforeEach(async () => {
    db = await createTestDatabase("migrations");
  });
  afterEach(async () => {
    await db.drop();
  });

  it("fresh apply records every migration like Prisma does", async () => {
    const dir = await migrationsDir({
      "20260101000000_a": "CREATE TABLE a (id int);",
      "20260101000001_b": `CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql;\nCREATE TABLE b (id int);`,
    });
    const { logger } = createMemoryLogger();
    const report = await runMigrations({ url: db.url, log: logger, dir });
    expect(report.applied).toEqual(["20260101000000_a", "20260101000001_b"]);
    const rows = await query<{
      migration_name: string;
      checksum: string;
      applied_steps_count: number;
      finished_at: Date | null;
    }>(
      db.url,
      `SELECT migration_name, checksum, applied_steps_count, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(["20260101000000_a", "20260101000001_b"]);
    expect(
      rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.applied_steps_count === 1 && r.finished_at),
    ).toBe(true);
    expect(await query(db.url, "SELECT f() AS one")).toEqual([{ one: 1 }]);
  });

  it("re-run is a no-op", async () => {
    const dir = await migrationsDir({ "20260101000000_a": "CREATE TABLE a (id int);" });
    const { logger } = createMemoryLogger();
    await runMigrations({ url: db.url, log: logger, dir });
    const second = await runMigrations({ url: db.url, log: logger, dir });
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toEqual(["20260101000000_a"]);
  });

  it("an edited file is detected and reported, not re-applied", async () => {
    const dir = await migrationsDir({ "20260101000000_a": "CREATE TABLE a (id int);" });
    const { logger, entries } = createMemoryLogger();
    await runMigrations({ url: db.url, log: logger, dir });
    await writeFile(path.join(dir, "20260101000000_a", "migration.sql"), "CREATE TABLE a (id int, x int);");
    const report = await runMigrations({ url: db.url, log: logger, dir });
    expect(report.edited).toEqual(["20260101000000_a"]);
    expect(entries.some((e) => e.level === 40 && e.migration === "20260101000000_a")).toBe(true);
  });

  it("reports progress over the pending migrations (count of total) when they take longer than the interval", async () => {
    const dir = await migrationsDir({ "20260101000000_a": "CREATE TABLE a (id int);" });
    await runMigrations({ url: db.url, log: createMemoryLogger().logger, dir });
    await mkdir(path.join(dir, "20260101000001_b"));
    await writeFile(path.join(dir, "20260101000001_b", "migration.sql"), "CREATE TABLE b (id int);");
    await mkdir(path.join(dir, "20260101000002_c"));
    await writeFile(path.join(dir, "20260101000002_c", "migration.sql"), "CREATE TABLE c (id int);");
    const { logger, entries } = createMemoryLogger();
    let t = 0;
    const now = () => (t += 1000); // every reading of the clock is a second later: each tick is due
    await runMigrations({ url: db.url, log: logger, dir, progress: { everyMs: 1000, now } });
    const lines = entries.filter((e) => e.level === 30 && e.what === "database migrations");
    expect(lines.map((e) => [e.count, e.total])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(lines[1]?.msg).toMatch(/^database migrations: 2\/2 migrations \(\d+\/s\)$/);
  });

  it("a failing migration stops the run and blocks later runs until resolved", async () => {
    const dir = await migrationsDir({
      "20260101000000_a": "CREATE TABLE a (id int);",
      "20260101000001_bad": "CREATE TABLE b (id int); SELECT no_such_function();",
      "20260101000002_c": "CREATE TABLE c (id int);",
    });
    const { logger } = createMemoryLogger();
    await expect(runMigrations({ url: db.url, log: logger, dir })).rejects.toBeInstanceOf(MigrationError);
    const tables = await query<{ table_name: string }>(
      db.url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('a','b','c') ORDER BY 1",
    );
    expect(tables.map((t) => t.table_name)).toEqual(["a"]);
    const failed = await query<{ logs: string | null; finished_at: Date | null }>(
      db.url,
      `SELECT logs, finished_at FROM "_prisma_migrations" WHERE migration_name = '20260101000001_bad'`,
    );
    expect(failed[0]?.finished_at).toBeNull();
    expect(failed[0]?.logs).toContain("no_such_function");
    await expect(runMigrations({ url: db.url, log: logger, dir })).rejects.toThrow(/failed earlier/);
  });
});
