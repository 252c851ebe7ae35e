import { type ParsedArgs, parseCommandArgs } from "./cli/args.js";
import type { CliBaseDeps, CliCommand } from "./cli/command.js";
import { COMMANDS } from "./cli/commands.js";
import { commandHelp, overviewHelp } from "./cli/help.js";
import { createOutput } from "./cli/output.js";

const EXIT_USAGE = 2;

/**
 * `npm run cli -- <command> [flags]` (issue #44). Help and argument errors are answered from the
 * command specs alone — no settings, no database, no Prisma loaded — so they take well under a
 * second; only a command that runs opens the database (after its arguments parsed).
 */
async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    const about = name === "help" ? COMMANDS.find((c) => c.spec.name === rest[0]) : undefined;
    process.stdout.write(about ? commandHelp(about.spec) : overviewHelp(COMMANDS.map((c) => c.spec)));
    return name === undefined ? EXIT_USAGE : 0;
  }
  const entry = COMMANDS.find((c) => c.spec.name === name);
  if (!entry) {
    process.stderr.write(`unknown command "${name.slice(0, 40)}" (see: npm run cli -- --help)\n`);
    return EXIT_USAGE;
  }
  const parsed = parseCommandArgs(entry.spec.flags, rest);
  if (!parsed.ok) {
    process.stderr.write(`${name}: ${parsed.error} (see: npm run cli -- ${name} --help)\n`);
    return EXIT_USAGE;
  }
  if (parsed.value.help) {
    process.stdout.write(commandHelp(entry.spec));
    return 0;
  }
  const base = await baseDeps(parsed.value);
  if (!entry.database)
    return (await entry.load()).runParsed(parsed.value, base, createOutput(parsed.value.json));
  return runWithDatabase(await entry.load(), parsed.value, base);
}

/** Settings (what a CLI needs: DATABASE_URL, not the api's secrets) and a logger. */
async function baseDeps(args: ParsedArgs): Promise<CliBaseDeps> {
  const [{ loadSettings }, { createLogger }] = await Promise.all([
    import("./platform/config/settings.js"),
    import("./platform/log/logger.js"),
  ]);
  const settings = loadSettings(process.env, { for: "cli" });
  const log = createLogger({
    level: settings.logLevel === "info" ? "warn" : settings.logLevel,
    pretty: !args.json,
  });
  return { settings, log };
}

/** A command on the database: opened (embedded when DATABASE_URL is empty) and migrated first. */
async function runWithDatabase(
  command: CliCommand,
  args: ParsedArgs,
  { settings, log }: CliBaseDeps,
): Promise<number> {
  const [
    { openDatabase },
    { runMigrations },
    { createPrismaClient },
    { systemClock },
    { createMetricsRegistry },
  ] = await Promise.all([
    import("./platform/db/embedded-postgres.js"),
    import("./platform/db/migrations/run-migrations.js"),
    import("./platform/db/prisma-client.js"),
    import("./platform/clock/clock.js"),
    import("./platform/metrics/registry.js"),
  ]);
  const database = await openDatabase(settings, log);
  const db = createPrismaClient({ url: database.url, preparedStatements: settings.dbPreparedStatements });
  try {
    await runMigrations({ url: database.url, log });
    const deps = {
      settings,
      log,
      db,
      clock: systemClock,
      metrics: createMetricsRegistry(),
      databaseUrl: database.url,
    };
    return await command.runParsed(args, deps, createOutput(args.json));
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  async (error: unknown) => {
    const { ConfigError } = await import("./platform/config/settings.js");
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
