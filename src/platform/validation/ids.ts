/**
 * Shape checks for ids that come from clients. Callers turn a `false` into their context's typed
 * ValidationError; an id of the wrong shape never reaches SQL.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A positive BIGINT: 1 … 9223372036854775807 */
const SEQUENTIAL_ID = /^[1-9][0-9]{0,18}$/;
const MAX_BIGINT = 9_223_372_036_854_775_807n;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** "42" → 42n; null when the text is not a positive BIGINT. */
export function parseSequentialId(value: string): bigint | null {
  if (!SEQUENTIAL_ID.test(value)) return null;
  const id = BigInt(value);
  return id <= MAX_BIGINT ? id : null;
}
