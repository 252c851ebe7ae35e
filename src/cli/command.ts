import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";

export interface CliDeps extends Infra {
  readonly settings: Settings;
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
