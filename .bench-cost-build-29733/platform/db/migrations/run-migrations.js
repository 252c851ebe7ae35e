import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startProgress } from "../../log/progress.js";
const PRISMA_MIGRATE_LOCK_KEY = 72707369;
const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_MIGRATIONS_DIR = path.resolve(here, "../../../../prisma/migrations");
class MigrationError extends Error {
  constructor(migration, message) {
    super(message);
    this.migration = migration;
    this.name = "MigrationError";
  }
  migration;
}
const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;
async function readMigrationFiles(dir = DEFAULT_MIGRATIONS_DIR) {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const files = [];
  for (const name of names) {
    const bytes = await readFile(path.join(dir, name, "migration.sql"));
    files.push({
      name,
      sql: bytes.toString("utf8"),
      checksum: createHash("sha256").update(bytes).digest("hex")
    });
  }
  return files;
}
async function runMigrations(options) {
  const files = await readMigrationFiles(options.dir);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const report = {
    applied: [],
    alreadyApplied: [],
    edited: []
  };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`
    );
    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed) {
      throw new MigrationError(
        failed.migration_name,
        `Migration ${failed.migration_name} failed earlier and is not resolved; fix the database, then mark it rolled back (UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '${failed.migration_name}') before re-running`
      );
    }
    const applied = new Map(rows.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r]));
    const progress = startProgress(options.log, {
      what: "database migrations",
      unit: "migrations",
      total: files.filter((f) => !applied.has(f.name)).length,
      ...options.progress
    });
    for (const file of files) {
      const done = applied.get(file.name);
      if (done) {
        report.alreadyApplied.push(file.name);
        if (done.checksum !== file.checksum) {
          report.edited.push(file.name);
          options.log.warn(
            { migration: file.name },
            "migration file was edited after it was applied; the change is NOT applied \u2014 write a new migration"
          );
        }
        continue;
      }
      await applyOne(client, file, options.log);
      report.applied.push(file.name);
      progress.tick();
    }
    progress.done();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK_KEY]).catch(() => void 0);
    await client.end();
  }
  return report;
}
async function applyOne(client, file, log) {
  const id = randomUUID();
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
    [id, file.checksum, file.name]
  );
  try {
    await client.query(file.sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, message]);
    log.error({ migration: file.name, err: message }, "migration failed; later migrations are not applied");
    throw new MigrationError(file.name, `Migration ${file.name} failed: ${message}`);
  }
  await client.query(
    `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
    [id]
  );
  log.debug({ migration: file.name }, "migration applied");
}
export {
  DEFAULT_MIGRATIONS_DIR,
  MigrationError,
  PRISMA_MIGRATE_LOCK_KEY,
  readMigrationFiles,
  runMigrations
};
//# sourceMappingURL=run-migrations.js.map
