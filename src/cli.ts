import { COMMANDS } from "./cli/commands.js";
import { systemClock } from "./platform/clock/clock.js";
import { ConfigError, loadSettings } from "./platform/config/settings.js";
import { openDatabase } from "./platform/db/embedded-postgres.js";
import { runMigrations } from "./platform/db/migrations/run-migrations.js";
import { createPrismaClient } from "./platform/db/prisma-client.js";
import { createLogger } from "./platform/log/logger.js";
import { createMetricsRegistry } from "./platform/metrics/registry.js";

/** `npm run cli -- <command> [args]`: migrate, seed, dlq, replay … (see `npm run cli -- help`). */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.log("usage: npm run cli -- <command> [args]\n");
    for (const c of COMMANDS) {
      console.log(`  ${c.name.padEnd(10)} ${c.summary}`);
      for (const line of c.usage.split("\n")) console.log(`             ${line}`);
      console.log("");
    }
    return name === undefined || name === "help" ? 0 : 2;
  }
  // A command needs the database only: not the token secret nor the broker (decision 0552).
  const settings = loadSettings(process.env, { for: "cli" });
  const log = createLogger({
    level: settings.logLevel === "info" ? "warn" : settings.logLevel,
    pretty: true,
  });
  const database = await openDatabase(settings, log);
  const databaseUrl = database.url;
  const db = createPrismaClient({ url: databaseUrl });
  try {
    await runMigrations({ url: databaseUrl, log });
    return await command.run(rest, {
      settings,
      log,
      db,
      clock: systemClock,
      metrics: createMetricsRegistry(),
      databaseUrl,
    });
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
