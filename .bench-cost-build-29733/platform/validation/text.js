import { isUuid } from "./ids.js";
const TEXT_LIMITS = {
  /** names, numbers, titles, codes: one line */
  short: 256,
  /** reasons, comments: the event contracts' limit (e.g. booking-cancelled Reason ≤ 1000) */
  medium: 1e3,
  /** descriptions */
  long: 4e3,
  /** any string anywhere in a request (variables, literals), whatever the field */
  anyString: 1e4
};
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAK = /[\r\n]/;
function textProblem(value, rule) {
  if (value.length > rule.max * 2) return "too_long";
  if (CONTROL.test(value)) return "nul_or_control";
  if (LONE_SURROGATE.test(value)) return "lone_surrogate";
  if (!rule.multiline && LINE_BREAK.test(value)) return "line_break";
  const length = [...value.trim()].length;
  if (length < (rule.min ?? 1)) return "empty";
  if (length > rule.max) return "too_long";
  return null;
}
function safeStringProblem(value, max = TEXT_LIMITS.anyString) {
  if (value.length > max) return "too_long";
  if (CONTROL.test(value)) return "nul_or_control";
  if (LONE_SURROGATE.test(value)) return "lone_surrogate";
  return null;
}
const TEXT_PROBLEM_MESSAGES = {
  empty: (field) => `${field} must not be empty`,
  too_long: (field, rule) => `${field} is longer than ${rule?.max ?? TEXT_LIMITS.anyString} characters`,
  nul_or_control: (field) => `${field} contains a NUL or control character`,
  lone_surrogate: (field) => `${field} is not valid Unicode (lone surrogate)`,
  line_break: (field) => `${field} must be one line`
};
const LOG_STRING_MAX = 1024;
function truncateForLog(value, depth = 0) {
  if (typeof value === "string")
    return value.length > LOG_STRING_MAX ? `${value.slice(0, LOG_STRING_MAX)}\u2026[${value.length} chars]` : value;
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error && depth === 0) return value;
  if (depth >= 6) return "[nested]";
  if (Array.isArray(value)) {
    const head = value.slice(0, 50).map((item) => truncateForLog(item, depth + 1));
    return value.length > 50 ? [...head, `\u2026[${value.length} items]`] : head;
  }
  const out = {};
  let count = 0;
  for (const [key, item] of Object.entries(value)) {
    if (++count > 50) {
      out["\u2026"] = "more keys";
      break;
    }
    out[key] = truncateForLog(item, depth + 1);
  }
  return out;
}
export {
  LOG_STRING_MAX,
  TEXT_LIMITS,
  TEXT_PROBLEM_MESSAGES,
  isUuid,
  safeStringProblem,
  textProblem,
  truncateForLog
};
//# sourceMappingURL=text.js.map
