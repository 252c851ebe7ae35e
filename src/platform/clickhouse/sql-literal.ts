/**
 * The one place values are inlined into ClickHouse SQL (18.16 has no query parameters).
 * Only values validated to a strict form are accepted; anything else throws SqlLiteralError
 * before a statement is built. The output is a quoted literal, safe by construction: the
 * accepted alphabets contain neither quotes nor backslashes.
 */
export class SqlLiteralError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SqlLiteralError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A UUID (any case; lower-cased) as a quoted string literal. */
export function sqlUuid(value: unknown): string {
  if (!isUuid(value)) throw new SqlLiteralError(`not a UUID: ${JSON.stringify(String(value)).slice(0, 80)}`);
  return `'${value.toLowerCase()}'`;
}

/** True for a real calendar date YYYY-MM-DD between 1970-01-01 and 2105-12-31 (ClickHouse Date). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || y > 2105) return false;
  const parsed = new Date(Date.UTC(y, mo - 1, d));
  return parsed.getUTCFullYear() === y && parsed.getUTCMonth() === mo - 1 && parsed.getUTCDate() === d;
}

/** A calendar date as `toDate('YYYY-MM-DD')`. */
export function sqlDate(value: unknown): string {
  if (!isIsoDate(value))
    throw new SqlLiteralError(`not a date YYYY-MM-DD: ${JSON.stringify(String(value)).slice(0, 40)}`);
  return `toDate('${value}')`;
}

/** A non-empty list of UUIDs as `('a', 'b')` for IN; duplicates removed. */
export function sqlUuidList(values: readonly unknown[]): string {
  if (values.length === 0) throw new SqlLiteralError("empty UUID list");
  return `(${[...new Set(values.map(sqlUuid))].join(", ")})`;
}

/** A database / table name we chose ourselves (lower-case identifier), never user input. */
export function sqlIdentifier(value: string): string {
  if (!IDENTIFIER.test(value)) throw new SqlLiteralError(`not an identifier: ${JSON.stringify(value)}`);
  return value;
}
