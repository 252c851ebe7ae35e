import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { type FlagSpecs, type ParsedArgs, parseCommandArgs } from "./args.js";
import { type CliOutput, createOutput, outputTo } from "./output.js";

export interface CliDeps extends Infra {
  readonly settings: Settings;
  /** The resolved database URL (embedded PostgreSQL when DATABASE_URL is empty) */
  readonly databaseUrl: string;
  /** Tests collect the output lines here instead of stdout/stderr. */
  readonly out?: (line: string) => void;
}

export const EXIT_OK = 0;
export const EXIT_USAGE = 2;

/**
 * What `--help` shows and what the parser checks; cheap to import (src/cli/specs.ts holds every
 * command's), so `cli --help` and `cli <command> --help` load no database code (issue #44).
 */
export interface CliSpec {
  readonly name: string;
  readonly summary: string;
  /** The positional words, as the usage line shows them ("list|replay"); none when absent. */
  readonly positionals?: string;
  readonly flags: FlagSpecs;
  /** Paragraphs after the flags: what it does, exit codes. */
  readonly description: string;
  /** False: the command runs without opening the database (e.g. help-only or broker-only work). */
  readonly needsDatabase: boolean;
}

export type CliRun = (args: ParsedArgs, deps: CliDeps, out: CliOutput) => Promise<number>;

/** One operations command: `npm run cli -- <name> [flags]`. `run` returns the process exit code. */
export interface CliCommand {
  readonly spec: CliSpec;
  run(argv: readonly string[], deps: CliDeps): Promise<number>;
  /** The same, on arguments already parsed (the CLI's entry point parses before opening the database). */
  runParsed: CliRun;
}

export function defineCommand(spec: CliSpec, runParsed: CliRun): CliCommand {
  return {
    spec,
    runParsed,
    async run(argv, deps) {
      const parsed = parseCommandArgs(spec.flags, argv);
      const out = deps.out
        ? outputTo(deps.out, parsed.ok && parsed.value.json)
        : createOutput(parsed.ok && parsed.value.json);
      if (!parsed.ok) {
        out.progress(`${spec.name}: ${parsed.error} (see: cli ${spec.name} --help)`);
        return EXIT_USAGE;
      }
      return runParsed(parsed.value, deps, out);
    },
  };
}
