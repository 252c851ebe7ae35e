import { parseArgs } from "node:util";

/**
 * Typed command-line flags over node:util's parseArgs (issue #44): every flag is declared with its
 * type and bounds, an unknown flag or a bad value is an error that names the flag, and `--help` /
 * `--json` are understood by every command. Pure: no I/O, unit-tested.
 */
export type FlagSpec =
  | { readonly type: "boolean"; readonly description: string }
  | {
      readonly type: "string";
      readonly description: string;
      readonly value: string;
      readonly pattern?: RegExp;
    }
  | {
      readonly type: "integer";
      readonly description: string;
      readonly value: string;
      readonly min: number;
      readonly max: number;
      readonly default?: number;
    }
  | { readonly type: "timestamp"; readonly description: string; readonly value: string }
  | { readonly type: "list"; readonly description: string; readonly value: string; readonly max: number };

export type FlagValue = string | number | boolean | Date | readonly string[];
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

export interface ParsedArgs {
  readonly flags: ReadonlyMap<string, FlagValue>;
  readonly positionals: readonly string[];
  readonly help: boolean;
  readonly json: boolean;
}

export type ArgsResult =
  | { readonly ok: true; readonly value: ParsedArgs }
  | { readonly ok: false; readonly error: string };

/** The flags every command takes. */
export const COMMON_FLAGS: FlagSpecs = {
  help: { type: "boolean", description: "Print this help and exit (touches no database)" },
  json: { type: "boolean", description: "Machine-readable output: one JSON object per line on stdout" },
};

const MAX_STRING = 512;
const MAX_POSITIONALS = 4;

export function parseCommandArgs(specs: FlagSpecs, argv: readonly string[]): ArgsResult {
  const all: FlagSpecs = { ...COMMON_FLAGS, ...specs };
  const options = Object.fromEntries(
    Object.entries(all).map(([name, spec]) => [
      name,
      { type: spec.type === "boolean" ? "boolean" : "string" },
    ]),
  ) as Record<string, { type: "boolean" | "string" }>;
  let raw: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true; strict: true }>>;
  try {
    raw = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    return { ok: false, error: describeParseError(error) };
  }
  if (raw.positionals.length > MAX_POSITIONALS) return { ok: false, error: "too many arguments" };
  const flags = new Map<string, FlagValue>();
  for (const [name, rawValue] of Object.entries(raw.values)) {
    const spec = all[name];
    if (spec === undefined || rawValue === undefined) continue;
    const typed = typedValue(name, spec, rawValue);
    if (!typed.ok) return typed;
    flags.set(name, typed.value);
  }
  for (const [name, spec] of Object.entries(all)) {
    if (spec.type === "integer" && spec.default !== undefined && !flags.has(name))
      flags.set(name, spec.default);
  }
  return {
    ok: true,
    value: {
      flags,
      positionals: raw.positionals,
      help: flags.get("help") === true,
      json: flags.get("json") === true,
    },
  };
}

function typedValue(
  name: string,
  spec: FlagSpec,
  raw: string | boolean,
): { ok: true; value: FlagValue } | { ok: false; error: string } {
  if (spec.type === "boolean") return { ok: true, value: raw === true };
  const text = String(raw);
  if (text.length > MAX_STRING)
    return { ok: false, error: `--${name}: longer than ${MAX_STRING} characters` };
  switch (spec.type) {
    case "string":
      if (spec.pattern && !spec.pattern.test(text))
        return { ok: false, error: `--${name}: "${clip(text)}" is not a valid ${spec.value}` };
      return { ok: true, value: text };
    case "integer": {
      const n = /^-?\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < spec.min || n > spec.max)
        return {
          ok: false,
          error: `--${name}: expected an integer in ${spec.min}..${spec.max}, got "${clip(text)}"`,
        };
      return { ok: true, value: n };
    }
    case "timestamp": {
      const at = new Date(text);
      if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime()))
        return { ok: false, error: `--${name}: expected an ISO-8601 timestamp, got "${clip(text)}"` };
      return { ok: true, value: at };
    }
    case "list": {
      const items = text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length === 0 || items.length > spec.max)
        return { ok: false, error: `--${name}: expected 1..${spec.max} comma-separated ${spec.value}` };
      return { ok: true, value: items };
    }
    default: {
      const exhaustive: never = spec;
      return exhaustive;
    }
  }
}

function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const option = message.match(/'(--?[^' ]+)/)?.[1];
  if (/Unknown option/i.test(message) && option) return `unknown flag ${option}`;
  if (/argument missing/i.test(message) && option) return `${option}: a value is required`;
  if (/does not take an argument/i.test(message) && option) return `${option}: takes no value`;
  return message.split("\n")[0] ?? message;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Typed getters over a parse result (the spec guarantees the type). */
export function flagText(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === "string" ? v : undefined;
}
export function flagNumber(args: ParsedArgs, name: string): number | undefined {
  const v = args.flags.get(name);
  return typeof v === "number" ? v : undefined;
}
export function flagOn(args: ParsedArgs, name: string): boolean {
  return args.flags.get(name) === true;
}
export function flagDate(args: ParsedArgs, name: string): Date | undefined {
  const v = args.flags.get(name);
  return v instanceof Date ? v : undefined;
}
export function flagList(args: ParsedArgs, name: string): readonly string[] | undefined {
  const v = args.flags.get(name);
  return Array.isArray(v) ? (v as readonly string[]) : undefined;
}
