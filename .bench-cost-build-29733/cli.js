import { parseCommandArgs } from "./cli/args.js";
import { COMMANDS } from "./cli/commands.js";
import { commandHelp, overviewHelp } from "./cli/help.js";
import { createOutput } from "./cli/output.js";
const EXIT_USAGE = 2;
async function main(argv) {
  const [name, ...rest] = argv;
  if (name === void 0 || name === "help" || name === "--help" || name === "-h") {
    const about = name === "help" ? COMMANDS.find((c) => c.spec.name === rest[0]) : void 0;
    process.stdout.write(about ? commandHelp(about.spec) : overviewHelp(COMMANDS.map((c) => c.spec)));
    return name === void 0 ? EXIT_USAGE : 0;
  }
  const entry = COMMANDS.find((c) => c.spec.name === name);
  if (!entry) {
    process.stderr.write(`unknown command "${name.slice(0, 40)}" (see: npm run cli -- --help)
`);
    return EXIT_USAGE;
  }
  const parsed = parseCommandArgs(entry.spec.flags, rest);
  if (!parsed.ok) {
    process.stderr.write(`${name}: ${parsed.error} (see: npm run cli -- ${name} --help)
`);
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
async function baseDeps(args) {
  const [{ loadSettings }, { createLogger }] = await Promise.all([
    import("./platform/config/settings.js"),
    import("./platform/log/logger.js")
  ]);
  const settings = loadSettings(process.env, { for: "cli" });
  const log = createLogger({
    level: settings.logLevel === "info" ? "warn" : settings.logLevel,
    pretty: !args.json
  });
  return { settings, log };
}
async function runWithDatabase(command, args, { settings, log }) {
  const [
    { openDatabase },
    { runMigrations },
    { createPrismaClient },
    { systemClock },
    { createMetricsRegistry }
  ] = await Promise.all([
    import("./platform/db/embedded-postgres.js"),
    import("./platform/db/migrations/run-migrations.js"),
    import("./platform/db/prisma-client.js"),
    import("./platform/clock/clock.js"),
    import("./platform/metrics/registry.js")
  ]);
  const database = await openDatabase(settings, log);
  const db = createPrismaClient({ url: database.url });
  try {
    await runMigrations({ url: database.url, log });
    const deps = {
      settings,
      log,
      db,
      clock: systemClock,
      metrics: createMetricsRegistry(),
      databaseUrl: database.url
    };
    return await command.runParsed(args, deps, createOutput(args.json));
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  async (error) => {
    const { ConfigError } = await import("./platform/config/settings.js");
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(error);
    process.exit(1);
  }
);
//# sourceMappingURL=cli.js.map
