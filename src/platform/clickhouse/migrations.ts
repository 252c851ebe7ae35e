import type { Logger } from "../log/logger.js";
import type { ClickHouse } from "./clickhouse.js";
import { sqlIdentifier } from "./sql-literal.js";

/**
 * Versioned ClickHouse migrations of one database. Each has a number (strictly increasing) and
 * idempotent statements (CREATE … IF NOT EXISTS), because ClickHouse DDL is not transactional:
 * a migration interrupted half-way is re-run whole, and two processes starting together may both
 * run one (the second finds everything there). Applied versions are rows of
 * `<database>.schema_migrations`.
 */
export interface ClickHouseMigration {
  readonly version: number;
  readonly name: string;
  /** Statements with the database name filled in */
  readonly statements: (database: string) => readonly string[];
}

export interface MigrationResult {
  applied: number[];
  alreadyApplied: number[];
}

export async function runClickHouseMigrations(
  ch: ClickHouse,
  database: string,
  migrations: readonly ClickHouseMigration[],
  log?: Logger,
): Promise<MigrationResult> {
  const db = sqlIdentifier(database);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version <= migrations[i - 1]!.version) {
      throw new Error(`ClickHouse migrations out of order at ${migrations[i]!.version}`);
    }
  }
  await ch.command(`CREATE DATABASE IF NOT EXISTS ${db}`);
  await ch.command(
    `CREATE TABLE IF NOT EXISTS ${db}.schema_migrations (Version UInt32, Name String, AppliedAt DateTime('UTC'))
     ENGINE = MergeTree() ORDER BY Version`,
  );
  const done = new Set(
    (await ch.query<{ Version: number | string }>(`SELECT Version FROM ${db}.schema_migrations`)).map((r) =>
      Number(r.Version),
    ),
  );
  const result: MigrationResult = { applied: [], alreadyApplied: [] };
  for (const migration of migrations) {
    if (done.has(migration.version)) {
      result.alreadyApplied.push(migration.version);
      continue;
    }
    for (const statement of migration.statements(db)) await ch.command(statement);
    await ch.insert(`${db}.schema_migrations`, [
      {
        Version: migration.version,
        Name: migration.name,
        AppliedAt: new Date().toISOString().slice(0, 19).replace("T", " "),
      },
    ]);
    result.applied.push(migration.version);
    log?.debug(
      { database: db, version: migration.version, name: migration.name },
      "clickhouse migration applied",
    );
  }
  return result;
}
