import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { type FlagSpecs, type ParsedArgs, parseCommandArgs } from "./args.js";
import { type CliOutput, createOutput, outputTo } from "./output.js";

/** What every command gets: the settings and a logger (commands that need no database get only this). */
export interface CliBaseDeps {
  readonly settings: Settings;
  readonly log: Infra["log"];
  /** Tests collect the output lines here instead of stdout/stderr. */
  readonly out?: (line: string) => void;
}

/** A command on the database: the infrastructure of the composition root. */
export interface CliDeps extends Infra, CliBaseDeps {
  /** The resolved database URL (embedded PostgreSQL when DATABASE_URL is empty) */
  readonly databaseUrl: string;
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
}

export type CliRun<D extends CliBaseDeps = CliDeps> = (
  args: ParsedArgs,
  deps: D,
  out: CliOutput,
) => Promise<number>;

/** One operations command: `npm run cli -- <name> [flags]`. `run` returns the process exit code. */
export interface CliCommand<D extends CliBaseDeps = CliDeps> {
  readonly spec: CliSpec;
  run(argv: readonly string[], deps: D): Promise<number>;
  /** The same, on arguments already parsed (the CLI's entry point parses before opening the database). */
  runParsed: CliRun<D>;
}

export function defineCommand<D extends CliBaseDeps = CliDeps>(
  spec: CliSpec,
  runParsed: CliRun<D>,
): CliCommand<D> {
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
