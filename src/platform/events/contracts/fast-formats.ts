/**
 * A cheaper `date-time` check for the contract registry's ajv, with exactly the meaning of
 * ajv-formats' full mode (decision 0213). A char-code scan accepts only what the original accepts
 * — the canonical spelling producers write, `YYYY-MM-DDThh:mm:ss[.fraction]Z` with a
 * calendar-valid date and a time below 24:00:00 — and hands everything else (offsets, leap
 * seconds, lower-case `t`, a space, anything invalid) to the original. So `fast(s) ===
 * original(s)` for every string; the unit test checks that on canonical values, variants and
 * random mutations. `uuid` likewise: the plain 36-character spelling is accepted by a char-code
 * scan (isUuid), anything else (the `urn:uuid:` prefix, invalid values) goes to ajv-formats' regex
 * (decision 0206).
 */

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isDigit = (c: number) => c >= 48 && c <= 57;
const HYPHEN = 45;

const two = (s: string, at: number) => (s.charCodeAt(at) - 48) * 10 + (s.charCodeAt(at + 1) - 48);

/**
 * `YYYY-MM-DDThh:mm:ss[.d+]Z` (upper-case T and Z) with month 1–12, a day that exists in that
 * month, hh ≤ 23, mm ≤ 59, ss ≤ 59: always valid for ajv-formats' date-time (no leap second,
 * no offset: those go to the original).
 */
export function isCanonicalUtcDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20) return false;
  for (let i = 0; i < 19; i++) {
    const c = s.charCodeAt(i);
    const want = i === 4 || i === 7 ? HYPHEN : i === 10 ? 84 /* T */ : i === 13 || i === 16 ? 58 /* : */ : -1;
    if (want === -1 ? !isDigit(c) : c !== want) return false;
  }
  if (s.charCodeAt(n - 1) !== 90 /* Z */) return false;
  if (n > 20) {
    // a fraction: "." and at least one digit
    if (s.charCodeAt(19) !== 46 || n === 21) return false;
    for (let i = 20; i < n - 1; i++) if (!isDigit(s.charCodeAt(i))) return false;
  }
  const year = two(s, 0) * 100 + two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month] as number))) return false;
  return two(s, 11) <= 23 && two(s, 14) <= 59 && two(s, 17) <= 59;
}

type FormatCheck = RegExp | ((s: string) => boolean);
const run = (check: FormatCheck, s: string) => (typeof check === "function" ? check(s) : check.test(s));

/** The original check, preceded by the quick acceptance of its canonical spelling. */
export function withQuickAccept(
  quick: (s: string) => boolean,
  original: FormatCheck,
): (s: string) => boolean {
  return (s) => quick(s) || run(original, s);
}
