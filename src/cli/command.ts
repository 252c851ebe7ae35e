import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { Db } from "../platform/db/prisma-client.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";

export interface CliDeps {
  readonly settings: Settings;
  readonly log: Logger;
  readonly db: Db;
  readonly clock: Clock;
  readonly metrics: Registry;
  /** The resolved database URL (embedded PostgreSQL when DATABASE_URL is empty) */
  readonly databaseUrl: string;
}

/** One operations command: `npm run cli -- <name> [args]`. Returns the process exit code. */
export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  run(argv: string[], deps: CliDeps): Promise<number>;
}
