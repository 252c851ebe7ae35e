import { sqlIdentifier } from "./sql-literal.js";
async function runClickHouseMigrations(ch, database, migrations, log) {
  const db = sqlIdentifier(database);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version <= migrations[i - 1].version) {
      throw new Error(`ClickHouse migrations out of order at ${migrations[i].version}`);
    }
  }
  await ch.command(`CREATE DATABASE IF NOT EXISTS ${db}`);
  await ch.command(
    `CREATE TABLE IF NOT EXISTS ${db}.schema_migrations (Version UInt32, Name String, AppliedAt DateTime('UTC'))
     ENGINE = MergeTree() ORDER BY Version`
  );
  const done = new Set(
    (await ch.query(`SELECT Version FROM ${db}.schema_migrations`)).map(
      (r) => Number(r.Version)
    )
  );
  const result = { applied: [], alreadyApplied: [] };
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
        AppliedAt: (/* @__PURE__ */ new Date()).toISOString().slice(0, 19).replace("T", " ")
      }
    ]);
    result.applied.push(migration.version);
    log?.debug(
      { database: db, version: migration.version, name: migration.name },
      "clickhouse migration applied"
    );
  }
  return result;
}
export {
  runClickHouseMigrations
};
//# sourceMappingURL=migrations.js.map
