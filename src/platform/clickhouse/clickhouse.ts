/**
 * The ClickHouse port: one small interface, two engines that run the same SQL.
 *  - server: a ClickHouse server over HTTP through @clickhouse/client (CLICKHOUSE_URL);
 *  - chdb: the embedded engine in-process (npm `chdb`, optional), data under PIN_DATA_DIR.
 * The SQL must run on the oldest server we support (18.16): no query parameters, no DateTime64,
 * no LowCardinality. Values reach the engine through inserts (JSONEachRow rows) or, in a WHERE,
 * inlined by the one escaping helper (sql-literal.ts) after strict validation.
 */
export type ClickHouseEngineKind = "server" | "chdb";

export interface ClickHouse {
  readonly engine: ClickHouseEngineKind;
  /** DDL / statements without a result */
  command(sql: string): Promise<void>;
  /** A SELECT; rows as parsed JSONEachRow objects (64-bit integers may come back as strings) */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Rows inserted as one JSONEachRow INSERT (one block → one part per partition touched) */
  insert(table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The engine could not be reached or did not answer (connection refused, reset, timeout): a
 * consumer treats it as infrastructure (do not commit, back off, come back to the message).
 * Errors the engine reports about the statement itself are not wrapped.
 */
export class ClickHouseUnavailableError extends Error {
  readonly code = "CLICKHOUSE_UNAVAILABLE";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ClickHouseUnavailableError";
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** True for transport failures (as opposed to a statement the server rejected). */
export function isNetworkError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    const message = e instanceof Error ? e.message : "";
    if (/timeout|socket hang up|ECONNREFUSED|ECONNRESET/i.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** JSONEachRow text of rows (one per line). */
export function jsonEachRow(rows: ReadonlyArray<Record<string, unknown>>): string {
  let out = "";
  for (const row of rows) out += `${JSON.stringify(row)}\n`;
  return out;
}

export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split("\n")) if (line.trim() !== "") rows.push(JSON.parse(line) as T);
  return rows;
}
