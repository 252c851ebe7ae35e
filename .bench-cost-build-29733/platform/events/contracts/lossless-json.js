const isDigit = (c) => c >= 48 && c <= 57;
const isSpace = (c) => c === 32 || c === 9 || c === 10 || c === 13;
const MINUS = 45;
function numberEnd(text, i) {
  let j = i;
  if (text.charCodeAt(j) === MINUS) j++;
  if (!isDigit(text.charCodeAt(j))) return -1;
  while (isDigit(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 46) {
    j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 101 || e === 69) {
    j++;
    const s = text.charCodeAt(j);
    if (s === 43 || s === MINUS) j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  return j;
}
function quoteDecimalNumbers(text, keys) {
  let spans = null;
  for (const key of keys) {
    const needle = `"${key}"`;
    let from = 0;
    for (; ; ) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      from = at + needle.length;
      let i = from;
      while (isSpace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== 58) continue;
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
function parseLossless(text, decimalKeys) {
  let i = 0;
  const fail = () => {
    throw new SyntaxError(`invalid JSON at ${i}`);
  };
  const ws = () => {
    while (isSpace(text.charCodeAt(i))) i++;
  };
  const str = () => {
    const start = i;
    i++;
    for (; ; ) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail();
      if (c === 92) i += 2;
      else if (c === 34) break;
      else i++;
    }
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (key) => {
    ws();
    const c = text.charCodeAt(i);
    if (c === 123) {
      i++;
      const obj = {};
      ws();
      if (text.charCodeAt(i) === 125) {
        i++;
        return obj;
      }
      for (; ; ) {
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
    if (c === 91) {
      i++;
      const arr = [];
      ws();
      if (text.charCodeAt(i) === 93) {
        i++;
        return arr;
      }
      for (; ; ) {
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
      ["null", null]
    ]) {
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
const MAX_DIGITS = 40;
const MAX_EXPONENT = 40;
const PLAIN = /^-?(0|[1-9]\d{0,39})(\.\d{1,40})?$/;
const ANY = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
function canonicalDecimal(value) {
  if (PLAIN.test(value)) return value;
  const m = ANY.exec(value);
  if (!m) return null;
  const [, sign, whole = "", fraction = "", exp = "0"] = m;
  const e = Number(exp);
  if (!Number.isSafeInteger(e) || Math.abs(e) > MAX_EXPONENT) return null;
  let digits = `${whole}${fraction}`;
  let point = whole.length + e;
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
export {
  canonicalDecimal,
  parseLossless,
  quoteDecimalNumbers
};
//# sourceMappingURL=lossless-json.js.map
