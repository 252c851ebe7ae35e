const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isDigit = (c) => c >= 48 && c <= 57;
const HYPHEN = 45;
const two = (s, at) => (s.charCodeAt(at) - 48) * 10 + (s.charCodeAt(at + 1) - 48);
function isCanonicalUtcDateTime(s) {
  const n = s.length;
  if (n < 20) return false;
  for (let i = 0; i < 19; i++) {
    const c = s.charCodeAt(i);
    const want = i === 4 || i === 7 ? HYPHEN : i === 10 ? 84 : i === 13 || i === 16 ? 58 : -1;
    if (want === -1 ? !isDigit(c) : c !== want) return false;
  }
  if (s.charCodeAt(n - 1) !== 90) return false;
  if (n > 20) {
    if (s.charCodeAt(19) !== 46 || n === 21) return false;
    for (let i = 20; i < n - 1; i++) if (!isDigit(s.charCodeAt(i))) return false;
  }
  const year = two(s, 0) * 100 + two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month])) return false;
  return two(s, 11) <= 23 && two(s, 14) <= 59 && two(s, 17) <= 59;
}
const run = (check, s) => typeof check === "function" ? check(s) : check.test(s);
function withQuickAccept(quick, original) {
  return (s) => quick(s) || run(original, s);
}
export {
  isCanonicalUtcDateTime,
  withQuickAccept
};
//# sourceMappingURL=fast-formats.js.map
