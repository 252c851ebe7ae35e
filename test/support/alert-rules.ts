import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Where the Prometheus alert rule files live (every helper's context adds its own file). */
export const RULES_DIR = "ops/prometheus";

export interface AlertRule {
  readonly file: string;
  readonly alert: string;
  readonly expr: string;
}

/**
 * The alerts of every ops/prometheus/*.yml, read without a YAML library: `- alert: Name` then its
 * `expr:` (one line, or a `|`/`>` block scalar indented below it). promtool validates the full
 * syntax; this parser only needs the expressions.
 */
export function readAlertRules(root: string): AlertRule[] {
  const dir = join(root, RULES_DIR);
  const rules: AlertRule[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    rules.push(...parseAlertRules(file, readFileSync(join(dir, file), "utf8")));
  }
  return rules;
}

export function parseAlertRules(file: string, text: string): AlertRule[] {
  const lines = text.split("\n");
  const rules: AlertRule[] = [];
  let alert: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const named = /^\s*-?\s*alert:\s*(\S+)\s*$/.exec(line);
    if (named) {
      alert = named[1]!;
      continue;
    }
    const expr = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!expr || alert === null) continue;
    let value = expr[2]!.trim();
    if (value === "|" || value === ">" || value === "|-" || value === ">-") {
      const indent = expr[1]!.length;
      const body: string[] = [];
      while (i + 1 < lines.length) {
        const next = lines[i + 1]!;
        if (next.trim() !== "" && next.length - next.trimStart().length <= indent) break;
        body.push(next.trim());
        i++;
      }
      value = body.join(" ").trim();
    } else if (/^(["']).*\1$/.test(value)) {
      value = value.slice(1, -1);
    }
    rules.push({ file, alert, expr: value });
    alert = null;
  }
  return rules;
}

const PROMQL_WORDS = new Set([
  "and",
  "or",
  "unless",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "offset",
  "inf",
  "nan",
]);

/** The metric names a PromQL expression selects (functions, label sets, ranges and keywords removed). */
export function metricNamesOf(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, " ")
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  const names = new Set<string>();
  for (const match of stripped.matchAll(/(?<![\w.])[a-zA-Z_:][\w:]*/g)) {
    const rest = stripped.slice(match.index! + match[0].length);
    if (/^\s*\(/.test(rest)) continue; // a function or an aggregation
    if (PROMQL_WORDS.has(match[0].toLowerCase())) continue;
    names.add(match[0]);
  }
  return [...names];
}

/** A selected name is registered as itself or as the histogram/summary it is a series of. */
export function isRegistered(name: string, registered: ReadonlySet<string>): boolean {
  if (registered.has(name)) return true;
  const base = /^(.*)_(bucket|sum|count)$/.exec(name)?.[1];
  return base !== undefined && registered.has(base);
}

/** The metric families of a Prometheus text exposition (its `# HELP name` / `# TYPE name` lines). */
export function registeredNamesOf(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const match of exposition.matchAll(/^# (?:HELP|TYPE) ([a-zA-Z_:][\w:]*)/gm)) names.add(match[1]!);
  return names;
}
