/**
 * Shape checks for ids that come from clients. Callers turn a `false` into their context's typed
 * ValidationError; an id of the wrong shape never reaches SQL.
 */
/** A positive BIGINT: 1 … 9223372036854775807 */
const SEQUENTIAL_ID = /^[1-9][0-9]{0,18}$/;
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in hex digits of either case — the same strings as
 * /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, by a char-code scan: it runs
 * several times per consumed event (the contract check and the consumers' own validation), where
 * the regex was a measurable share of the per-message CPU (decision 0206).
 */
export function isUuid(value: string): boolean {
  return scanUuid(value, true);
}

/** As isUuid, lower-case hex digits only. */
export function isLowerCaseUuid(value: string): boolean {
  return scanUuid(value, false);
}

function scanUuid(value: string, anyCase: boolean): boolean {
  if (value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 45) return false;
    } else if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (anyCase && c >= 65 && c <= 70))) {
      return false;
    }
  }
  return true;
}

/** "42" → 42n; null when the text is not a positive BIGINT. */
export function parseSequentialId(value: string): bigint | null {
  if (!SEQUENTIAL_ID.test(value)) return null;
  const id = BigInt(value);
  return id <= MAX_BIGINT ? id : null;
}
