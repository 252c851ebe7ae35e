import { COMMON_FLAGS, type FlagSpec } from "./args.js";
import type { CliSpec } from "./command.js";

const INDENT = "  ";

/** `cli <command> --help`. */
export function commandHelp(spec: CliSpec): string {
  const usage = [`cli ${spec.name}`, spec.positionals, "[flags]"].filter(Boolean).join(" ");
  const flags = Object.entries({ ...spec.flags, ...COMMON_FLAGS }).map(([name, f]) => flagLine(name, f));
  return [`${spec.summary}`, "", `usage: ${usage}`, "", "flags:", ...flags, "", spec.description, ""].join(
    "\n",
  );
}

/** `cli --help`. */
export function overviewHelp(specs: readonly CliSpec[]): string {
  const width = Math.max(...specs.map((s) => s.name.length)) + 2;
  return [
    "PIN operations CLI",
    "",
    "usage: npm run cli -- <command> [flags]      (production build: npm run cli:prod -- <command>)",
    "",
    "commands:",
    ...specs.map((s) => `${INDENT}${s.name.padEnd(width)}${s.summary}`),
    "",
    "Every command takes --help (no database needed) and --json (one JSON object per line).",
    "Exit codes: 0 done, 1 the command found a problem (drift, disagreement), 2 bad usage.",
    "",
  ].join("\n");
}

function flagLine(name: string, f: FlagSpec): string {
  const value = f.type === "boolean" ? "" : ` <${f.value}>`;
  const bounds =
    f.type === "integer"
      ? ` (${f.min}..${f.max}${f.default === undefined ? "" : `, default ${f.default}`})`
      : f.type === "list"
        ? ` (comma-separated, at most ${f.max})`
        : "";
  const head = `${INDENT}--${name}${value}`;
  return `${head.padEnd(34)}${f.description}${bounds}`;
}
