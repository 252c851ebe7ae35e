/**
 * Input hygiene shared by the API and the domains (issue #13, decision 0146). Pure functions:
 * no GraphQL, no Prisma.
 */

/** One UUID check for the whole code base (platform/validation/ids.ts). */
export { isUuid } from "./ids.js";

/** Text size classes: every text argument falls in one (docs/engineering/security.md). */
export const TEXT_LIMITS = {
  /** names, numbers, titles, codes: one line */
  short: 256,
  /** reasons, comments: the event contracts' limit (e.g. booking-cancelled Reason ≤ 1000) */
  medium: 1_000,
  /** descriptions */
  long: 4_000,
  /** any string anywhere in a request (variables, literals), whatever the field */
  anyString: 10_000,
} as const;

// A UTF-16 high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 controls except tab, LF, CR; and DEL. NUL is the one PostgreSQL refuses outright.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAK = /[\r\n]/;

export type TextProblem = "empty" | "too_long" | "nul_or_control" | "lone_surrogate" | "line_break";

export interface TextRule {
  readonly max: number;
  /** default 1; 0 allows the empty string */
  readonly min?: number;
  /** default false: one line */
  readonly multiline?: boolean;
}

/** The first problem of a text under a rule, or null. Length counts code points after trim. */
export function textProblem(value: string, rule: TextRule): TextProblem | null {
  if (value.length > rule.max * 2) return "too_long"; // cheap bound before any scan
  if (CONTROL.test(value)) return "nul_or_control";
  if (LONE_SURROGATE.test(value)) return "lone_surrogate";
  if (!rule.multiline && LINE_BREAK.test(value)) return "line_break";
  const length = [...value.trim()].length;
  if (length < (rule.min ?? 1)) return "empty";
  if (length > rule.max) return "too_long";
  return null;
}

/** Whether a string can be stored and logged at all: no NUL/controls, no lone surrogates, bounded. */
export function safeStringProblem(value: string, max: number = TEXT_LIMITS.anyString): TextProblem | null {
  if (value.length > max) return "too_long";
  if (CONTROL.test(value)) return "nul_or_control";
  if (LONE_SURROGATE.test(value)) return "lone_surrogate";
  return null;
}

export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, (field: string, rule?: TextRule) => string> = {
  empty: (field) => `${field} must not be empty`,
  too_long: (field, rule) => `${field} is longer than ${rule?.max ?? TEXT_LIMITS.anyString} characters`,
  nul_or_control: (field) => `${field} contains a NUL or control character`,
  lone_surrogate: (field) => `${field} is not valid Unicode (lone surrogate)`,
  line_break: (field) => `${field} must be one line`,
};

/** Longest string value a log line carries; longer ones are cut with a marker. */
export const LOG_STRING_MAX = 1_024;

/** A copy of a log value with long strings cut, walking at most a few levels deep. */
export function truncateForLog(value: unknown, depth = 0): unknown {
  if (typeof value === "string")
    return value.length > LOG_STRING_MAX
      ? `${value.slice(0, LOG_STRING_MAX)}…[${value.length} chars]`
      : value;
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error && depth === 0) return value;
  if (depth >= 6) return "[nested]";
  if (Array.isArray(value)) {
    const head = value.slice(0, 50).map((item) => truncateForLog(item, depth + 1));
    return value.length > 50 ? [...head, `…[${value.length} items]`] : head;
  }
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const [key, item] of Object.entries(value)) {
    if (++count > 50) {
      out["…"] = "more keys";
      break;
    }
    out[key] = truncateForLog(item, depth + 1);
  }
  return out;
}
