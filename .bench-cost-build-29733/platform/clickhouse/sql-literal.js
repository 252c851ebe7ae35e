import { isUuid as isUuidText } from "../validation/ids.js";
class SqlLiteralError extends Error {
  constructor(message) {
    super(message);
    this.name = "SqlLiteralError";
  }
}
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
function isUuid(value) {
  return typeof value === "string" && isUuidText(value);
}
function sqlUuid(value) {
  if (!isUuid(value)) throw new SqlLiteralError(`not a UUID: ${JSON.stringify(String(value)).slice(0, 80)}`);
  return `'${value.toLowerCase()}'`;
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digitsAt = (s, from, count) => {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + (s.charCodeAt(i) - 48);
  return n;
};
function isIsoDate(value) {
  if (typeof value !== "string" || value.length !== 10 || !DATE.test(value)) return false;
  const y = digitsAt(value, 0, 4);
  const mo = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (y < 1970 || y > 2105 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1]);
}
function sqlDate(value) {
  if (!isIsoDate(value))
    throw new SqlLiteralError(`not a date YYYY-MM-DD: ${JSON.stringify(String(value)).slice(0, 40)}`);
  return `toDate('${value}')`;
}
function sqlUuidList(values) {
  if (values.length === 0) throw new SqlLiteralError("empty UUID list");
  return `(${[...new Set(values.map(sqlUuid))].join(", ")})`;
}
function sqlIdentifier(value) {
  if (!IDENTIFIER.test(value)) throw new SqlLiteralError(`not an identifier: ${JSON.stringify(value)}`);
  return value;
}
export {
  SqlLiteralError,
  isIsoDate,
  isUuid,
  sqlDate,
  sqlIdentifier,
  sqlUuid,
  sqlUuidList
};
//# sourceMappingURL=sql-literal.js.map
