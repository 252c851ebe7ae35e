/**
 * The one place values are inlined into ClickHouse SQL (18.16 has no query parameters).
 * Only values validated to a strict form are accepted; anything else throws SqlLiteralError
 * before a statement is built. The output is a quoted literal, safe by construction: the
 * accepted alphabets contain neither quotes nor backslashes.
 */

import { isUuid as isUuidText } from "../validation/ids.js";

export class SqlLiteralError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SqlLiteralError";
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && isUuidText(value);
}

/** A UUID (any case; lower-cased) as a quoted string literal. */
export function sqlUuid(value: unknown): string {
  if (!isUuid(value)) throw new SqlLiteralError(`not a UUID: ${JSON.stringify(String(value)).slice(0, 80)}`);
  return `'${value.toLowerCase()}'`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const digitsAt = (s: string, from: number, count: number): number => {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + (s.charCodeAt(i) - 48);
  return n;
};

/**
 * True for a real calendar date YYYY-MM-DD between 1970-01-01 and 2105-12-31 (ClickHouse Date).
 * Arithmetic on the digits (no Date, no match array): it runs once per consumed event.
 */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || value.length !== 10 || !DATE.test(value)) return false;
  const y = digitsAt(value, 0, 4);
  const mo = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (y < 1970 || y > 2105 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : (DAYS_IN_MONTH[mo - 1] as number));
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
