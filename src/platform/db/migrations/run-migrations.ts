import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Logger } from "../../log/logger.js";
import { type ProgressTiming, startProgress } from "../../log/progress.js";

/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in name order and records each in
 * Prisma's own `_prisma_migrations` table exactly as Prisma Migrate does (uuid id, sha256 hex
 * checksum of the file bytes, started_at/finished_at, applied_steps_count, logs on failure),
 * under Prisma's advisory lock, so `prisma migrate status/deploy` on a machine that has the
 * native engine treats these migrations as applied. See docs/engineering/decisions/0002-own-migration-runner.md.
 */
export const PRISMA_MIGRATE_LOCK_KEY = 72707369;

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_MIGRATIONS_DIR = path.resolve(here, "../../../../prisma/migrations");

export interface MigrationFile {
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export interface MigrationReport {
  readonly applied: string[];
  readonly alreadyApplied: string[];
  /** applied earlier, but the file changed since: a warning, never re-applied */
  readonly edited: string[];
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    message: string,
  ) {
    super(message);
    this.name = "MigrationError";
  }
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

export async function readMigrationFiles(dir: string = DEFAULT_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(dir, name, "migration.sql"));
    files.push({
      name,
      sql: bytes.toString("utf8"),
      checksum: createHash("sha256").update(bytes).digest("hex"),
    });
  }
  return files;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export async function runMigrations(options: {
  url: string;
  log: Logger;
  dir?: string;
  /** Progress lines' timing (tests); default one line at most every 5 s */
  progress?: ProgressTiming;
}): Promise<MigrationReport> {
  const files = await readMigrationFiles(options.dir);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const report: { applied: string[]; alreadyApplied: string[]; edited: string[] } = {
    applied: [],
    alreadyApplied: [],
    edited: [],
  };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
    );
    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed) {
      throw new MigrationError(
        failed.migration_name,
        `Migration ${failed.migration_name} failed earlier and is not resolved; fix the database, then mark it rolled back (UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '${failed.migration_name}') before re-running`,
      );
    }
    const applied = new Map(rows.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r]));
    const progress = startProgress(options.log, {
      what: "database migrations",
      unit: "migrations",
      total: files.filter((f) => !applied.has(f.name)).length,
      ...options.progress,
    });
    for (const file of files) {
      const done = applied.get(file.name);
      if (done) {
        report.alreadyApplied.push(file.name);
        if (done.checksum !== file.checksum) {
          report.edited.push(file.name);
          options.log.warn(
            { migration: file.name },
            "migration file was edited after it was applied; the change is NOT applied — write a new migration",
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
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return report;
}

async function applyOne(client: pg.Client, file: MigrationFile, log: Logger): Promise<void> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
    [id, file.checksum, file.name],
  );
  try {
    // The whole script in one simple-protocol query, as Prisma does: dollar-quoted bodies survive,
    // and a multi-statement script runs in an implicit transaction.
    await client.query(file.sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, message]);
    log.error({ migration: file.name, err: message }, "migration failed; later migrations are not applied");
    throw new MigrationError(file.name, `Migration ${file.name} failed: ${message}`);
  }
  await client.query(
    `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
    [id],
  );
  log.debug({ migration: file.name }, "migration applied");
}
