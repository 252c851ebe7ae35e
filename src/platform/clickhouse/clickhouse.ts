/**
 * The ClickHouse port: one small interface, two engines that run the same SQL.
 *  - server: a ClickHouse server over HTTP through @clickhouse/client (CLICKHOUSE_URL);
 *  - chdb: the embedded engine in-process (npm `chdb`, optional), data under PIN_DATA_DIR.
 * The SQL must run on the oldest server we support (18.16): no query parameters, no DateTime64,
 * no LowCardinality. Values reach the engine through inserts (TabSeparated rows, decision 0211)
 * or, in a WHERE, inlined by the one escaping helper (sql-literal.ts) after strict validation.
 */
export type ClickHouseEngineKind = "server" | "chdb";

export interface ClickHouse {
  readonly engine: ClickHouseEngineKind;
  /** DDL / statements without a result */
  command(sql: string): Promise<void>;
  /** A SELECT; rows as parsed JSONEachRow objects (64-bit integers may come back as strings) */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /**
   * Rows inserted as one INSERT (one block → one part per partition touched). Every row has the
   * columns of the first row; values are strings, finite numbers, booleans or null.
   */
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

/** Characters TabSeparated escapes inside a value (the row and column separators and the escape). */
const TSV_SPECIAL = /[\\\t\n\r\0]/;
const TSV_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "\t": "\\t",
  "\n": "\\n",
  "\r": "\\r",
  "\0": "\\0",
};

function tsvField(value: unknown, column: string): string {
  if (typeof value === "string") {
    return TSV_SPECIAL.test(value) ? value.replace(/[\\\t\n\r\0]/g, (c) => TSV_ESCAPES[c] ?? c) : value;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value === null || value === undefined) return "\\N";
  throw new TypeError(`column ${column}: cannot insert a ${typeof value}`);
}

/**
 * Rows as TabSeparated text for `INSERT INTO table (columns) FORMAT TabSeparated`, the columns
 * being the first row's keys. Cheaper than JSONEachRow on both sides: no key names per row, no
 * JSON quoting in Node, a simpler parser in ClickHouse (decision 0211).
 */
export function tabSeparated(rows: ReadonlyArray<Record<string, unknown>>): {
  columns: string[];
  text: string;
} {
  const columns = rows.length > 0 ? Object.keys(rows[0] as Record<string, unknown>) : [];
  const last = columns.length - 1;
  let text = "";
  for (const row of rows) {
    for (let i = 0; i <= last; i++) {
      const column = columns[i] as string;
      text += tsvField(row[column], column);
      text += i === last ? "\n" : "\t";
    }
  }
  return { columns, text };
}

export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split("\n")) if (line.trim() !== "") rows.push(JSON.parse(line) as T);
  return rows;
}
