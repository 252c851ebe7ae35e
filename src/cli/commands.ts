import type { CliBaseDeps, CliCommand, CliDeps, CliSpec } from "./command.js";
import { CATALOG_RECONCILE, DLQ, MIGRATE, RECONCILE, REPLAY, SEED, TOPICS } from "./specs.js";

/** A command's spec and how to load its implementation (only when it runs). */
export type CommandEntry =
  | { readonly spec: CliSpec; readonly database: true; load(): Promise<CliCommand<CliDeps>> }
  | { readonly spec: CliSpec; readonly database: false; load(): Promise<CliCommand<CliBaseDeps>> };

/** Every operations command; one file per command in src/cli, its help in specs.ts. */
export const COMMANDS: readonly CommandEntry[] = [
  { spec: MIGRATE, database: true, load: async () => (await import("./migrate.js")).command },
  { spec: SEED, database: true, load: async () => (await import("./seed.js")).command },
  { spec: DLQ, database: true, load: async () => (await import("./dlq.js")).command },
  { spec: REPLAY, database: true, load: async () => (await import("./replay.js")).command },
  { spec: RECONCILE, database: true, load: async () => (await import("./reconcile.js")).command },
  {
    spec: CATALOG_RECONCILE,
    database: true,
    load: async () => (await import("./catalog-reconcile.js")).command,
  },
  { spec: TOPICS, database: false, load: async () => (await import("./topics.js")).command },
];
