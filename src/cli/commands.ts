import { command as catalogReconcile } from "./catalog-reconcile.js";
import type { CliCommand } from "./command.js";
import { command as dlq } from "./dlq.js";
import { command as migrate } from "./migrate.js";
import { command as reconcile } from "./reconcile.js";
import { command as replay } from "./replay.js";
import { command as seed } from "./seed.js";
import { command as topics } from "./topics.js";

/** Every operations command; one file per command in src/cli. */
export const COMMANDS: readonly CliCommand[] = [
  migrate,
  seed,
  dlq,
  replay,
  reconcile,
  catalogReconcile,
  topics,
];
