/**
 * Exact decimals from JSON text (decision 0301). A producer may write a decimal as a JSON number
 * (`"Price": 12450000.10`, what .NET does with `decimal`); JSON.parse would turn it into a binary
 * double on the way (12450000.1, and 0.30000000000000004-style values for others). The gate
 * therefore never lets a decimal field's number reach JSON.parse:
 *
 * 1. `quoteDecimalNumbers` — a pre-scan of the raw text for the reader's decimal keys only
 *    (`indexOf` per key name, no regex, nothing copied when no such key holds a number, which is
 *    what our own producers send) turns `"Price": 12450000.10` into `"Price": "12450000.10"`.
 *    In valid JSON a quoted name followed by `:` is always an object key, so no string content is
 *    touched; a key of another object with the same name only gets a string value it ignores.
 * 2. If a decimal field still holds a number after JSON.parse (a key spelt with `\u` escapes),
 *    `parseLossless` re-reads the whole text keeping those keys' numbers as their source text.
 *
 * `canonicalDecimal` then spells every decimal in one way (no exponent, no leading zeros), so the
 * handlers see a single shape whatever the encoding.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const MINUS = 45;

/** End (exclusive) of the JSON number starting at `i`, or -1 when none starts there. */
function numberEnd(text: string, i: number): number {
  let j = i;
  if (text.charCodeAt(j) === MINUS) j++;
  if (!isDigit(text.charCodeAt(j))) return -1;
  while (isDigit(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 46 /* . */) {
    j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 101 || e === 69 /* e E */) {
    j++;
    const s = text.charCodeAt(j);
    if (s === 43 || s === MINUS) j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  return j;
}

/** The raw text with every number under one of `keys` turned into a string of the same digits. */
export function quoteDecimalNumbers(text: string, keys: readonly string[]): string {
  let spans: Array<[number, number]> | null = null;
  for (const key of keys) {
    const needle = `"${key}"`;
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      from = at + needle.length;
      let i = from;
      while (isSpace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== 58 /* : */) continue;
      i++;
      while (isSpace(text.charCodeAt(i))) i++;
      const c = text.charCodeAt(i);
      if (c !== MINUS && !isDigit(c)) continue;
      const end = numberEnd(text, i);
      if (end < 0) continue;
      spans ??= [];
      spans.push([i, end]);
    }
  }
  if (spans === null) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let last = 0;
  for (const [start, end] of spans) {
    out += `${text.slice(last, start)}"${text.slice(start, end)}"`;
    last = end;
  }
  return out + text.slice(last);
}

/**
 * JSON.parse with the numbers of `decimalKeys` kept as their source text (strings); every other
 * number is a JS number as with JSON.parse. Throws SyntaxError on invalid JSON. Slower than
 * JSON.parse: the gate only uses it when the pre-scan could not see a decimal key.
 */
export function parseLossless(text: string, decimalKeys: ReadonlySet<string>): unknown {
  let i = 0;
  const fail = (): never => {
    throw new SyntaxError(`invalid JSON at ${i}`);
  };
  const ws = () => {
    while (isSpace(text.charCodeAt(i))) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail();
      if (c === 92 /* \ */) i += 2;
      else if (c === 34 /* " */) break;
      else i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (key: string | null): unknown => {
    ws();
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text.charCodeAt(i) === 125) {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text.charCodeAt(i) !== 34) fail();
        const k = str();
        ws();
        if (text.charCodeAt(i) !== 58) fail();
        i++;
        obj[k] = value(k);
        ws();
        const d = text.charCodeAt(i++);
        if (d === 125) return obj;
        if (d !== 44) fail();
      }
    }
    if (c === 91 /* [ */) {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text.charCodeAt(i) === 93) {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value(key));
        ws();
        const d = text.charCodeAt(i++);
        if (d === 93) return arr;
        if (d !== 44) fail();
      }
    }
    if (c === 34) return str();
    if (c === MINUS || isDigit(c)) {
      const end = numberEnd(text, i);
      if (end < 0) fail();
      const raw = text.slice(i, end);
      i = end;
      return key !== null && decimalKeys.has(key) ? raw : Number(raw);
    }
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    return fail();
  };
  const out = value(null);
  ws();
  if (i !== text.length) fail();
  return out;
}

/** Most significant digits and exponent a decimal may have (decimal(38) and then some). */
const MAX_DIGITS = 40;
const MAX_EXPONENT = 40;
const PLAIN = /^-?(0|[1-9]\d{0,39})(\.\d{1,40})?$/;
const ANY = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * One spelling per decimal value: "1.245E7" → "12450000", "12450000.10" stays "12450000.10"
 * (the digits given are kept, trailing zeros included), "007" → "7". Null for what is not a
 * decimal or is out of bounds (more than 40 digits, an exponent beyond ±40).
 */
export function canonicalDecimal(value: string): string | null {
  if (PLAIN.test(value)) return value;
  const m = ANY.exec(value);
  if (!m) return null;
  const [, sign, whole = "", fraction = "", exp = "0"] = m;
  const e = Number(exp);
  if (!Number.isSafeInteger(e) || Math.abs(e) > MAX_EXPONENT) return null;
  let digits = `${whole}${fraction}`;
  let point = whole.length + e; // position of the decimal point in `digits`
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += "0".repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  const frac = digits.slice(point);
  if (int.length + frac.length > MAX_DIGITS + MAX_EXPONENT) return null;
  const out = `${sign}${int}${frac ? `.${frac}` : ""}`;
  return PLAIN.test(out) ? out : null;
}
