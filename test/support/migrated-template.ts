import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { readMigrationFiles, runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createLogger } from "../../src/platform/log/logger.js";

/**
 * A migrated template database, made once per set of migration files (issue #23, decision 0475):
 * a test database is then `CREATE DATABASE … TEMPLATE pin_tpl_<hash>` — a copy of its files,
 * about half of what creating an empty database and running the 15 migrations costs — instead of
 * every suite replaying every migration.
 *
 * - The name carries a hash of every migration's name and checksum, so a changed, added or removed
 *   migration makes a new template and a stale one is never used.
 * - Made under an advisory lock on the admin database, under a temporary name renamed when it is
 *   complete: two runs (or two parallel files) at once make it once, and nobody clones a half one.
 * - It is marked IS_TEMPLATE with ALLOW_CONNECTIONS false: a stray connection would make every
 *   clone fail ("source database is being accessed by other users").
 * - The clone still runs the migration runner (≈ 70 ms, every migration "already applied"), so
 *   what a test gets is exactly what `runMigrations` makes.
 *
 * Tests of the migration runner itself, and of a fresh empty database (the production build's
 * first start), keep `createTestDatabase`.
 */
const TEMPLATE_LOCK_KEY = 72707370;
const TEMPLATE_PREFIX = "pin_tpl_";

let made: Promise<string> | null = null;

export async function templateName(): Promise<string> {
  const files = await readMigrationFiles();
  const hash = createHash("sha256");
  for (const f of files) hash.update(`${f.name}\0${f.checksum}\n`);
  return `${TEMPLATE_PREFIX}${hash.digest("hex").slice(0, 16)}`;
}

/** The template's name, made first if this set of migrations has none yet (once per process). */
export function migratedTemplate(adminUrl: string): Promise<string> {
  made ??= makeTemplate(adminUrl).catch((error: unknown) => {
    made = null;
    throw error;
  });
  return made;
}

async function exists(client: pg.Client, name: string): Promise<boolean> {
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  return (rowCount ?? 0) > 0;
}

async function makeTemplate(adminUrl: string): Promise<string> {
  const name = await templateName();
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    if (await exists(client, name)) return name;
    await client.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists(client, name)) return name;
      const building = `${name}_wip_${randomBytes(3).toString("hex")}`;
      await client.query(`CREATE DATABASE "${building}"`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        await runMigrations({ url: url.toString(), log: createLogger({ level: "warn", pretty: false }) });
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      } catch (error) {
        await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`).catch(() => undefined);
        throw error;
      }
      return name;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
