/** `--flag value` / `--flag=value` / bare `--flag` → map; positional words in `_`. */
export function parseFlags(argv: readonly string[]): { _: string[]; flags: Map<string, string | true> } {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    if (eq > 0) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith("--")) {
      flags.set(arg.slice(2), next);
      i++;
    } else {
      flags.set(arg.slice(2), true);
    }
  }
  return { _: positional, flags };
}

export function flagString(flags: ReadonlyMap<string, string | true>, name: string): string | undefined {
  const v = flags.get(name);
  return typeof v === "string" ? v : undefined;
}

/** CLI output sink: stdout, unless a test passes `out` next to the command deps. */
export function outputOf(deps: object): (line: string) => void {
  const out = (deps as { out?: (line: string) => void }).out;
  return out ?? ((line: string) => void process.stdout.write(`${line}\n`));
}
