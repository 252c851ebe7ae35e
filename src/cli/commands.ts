import type { CliCommand, CliSpec } from "./command.js";
import { CATALOG_RECONCILE, DLQ, MIGRATE, RECONCILE, REPLAY, SEED } from "./specs.js";

/** A command's spec and how to load its implementation (only when it runs). */
export interface CommandEntry {
  readonly spec: CliSpec;
  load(): Promise<CliCommand>;
}

/** Every operations command; one file per command in src/cli, its help in specs.ts. */
export const COMMANDS: readonly CommandEntry[] = [
  { spec: MIGRATE, load: async () => (await import("./migrate.js")).command },
  { spec: SEED, load: async () => (await import("./seed.js")).command },
  { spec: DLQ, load: async () => (await import("./dlq.js")).command },
  { spec: REPLAY, load: async () => (await import("./replay.js")).command },
  { spec: RECONCILE, load: async () => (await import("./reconcile.js")).command },
  { spec: CATALOG_RECONCILE, load: async () => (await import("./catalog-reconcile.js")).command },
];
