class ClickHouseUnavailableError extends Error {
  code = "CLICKHOUSE_UNAVAILABLE";
  constructor(message, options) {
    super(message, options);
    this.name = "ClickHouseUnavailableError";
  }
}
const NETWORK_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT"
]);
function isNetworkError(error) {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const code = e.code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    const message = e instanceof Error ? e.message : "";
    if (/timeout|socket hang up|ECONNREFUSED|ECONNRESET/i.test(message)) return true;
    e = e.cause;
  }
  return false;
}
const TSV_SPECIAL = /[\\\t\n\r\0]/;
const TSV_ESCAPES = {
  "\\": "\\\\",
  "	": "\\t",
  "\n": "\\n",
  "\r": "\\r",
  "\0": "\\0"
};
function tsvField(value, column) {
  if (typeof value === "string") {
    return TSV_SPECIAL.test(value) ? value.replace(/[\\\t\n\r\0]/g, (c) => TSV_ESCAPES[c] ?? c) : value;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value === null || value === void 0) return "\\N";
  throw new TypeError(`column ${column}: cannot insert a ${typeof value}`);
}
function tabSeparated(rows) {
  const first = rows[0];
  if (!first) return { columns: [], bytes: Buffer.alloc(0) };
  const columns = Object.keys(first);
  const last = columns.length - 1;
  let bytes = Buffer.allocUnsafe(estimateBytes(first, columns, rows.length));
  let at = 0;
  for (const row of rows) {
    let line = "";
    for (let i = 0; i <= last; i++) {
      const column = columns[i];
      line += i === last ? `${tsvField(row[column], column)}
` : `${tsvField(row[column], column)}	`;
    }
    if (at + line.length * 3 > bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, at + line.length * 3));
      bytes.copy(grown, 0, 0, at);
      bytes = grown;
    }
    at += bytes.write(line, at);
  }
  return { columns, bytes: bytes.subarray(0, at) };
}
function estimateBytes(first, columns, count) {
  let perRow = columns.length;
  for (const column of columns) {
    const v = first[column];
    perRow += typeof v === "string" ? v.length + 8 : 24;
  }
  return perRow * count + 1024;
}
function parseJsonEachRow(text) {
  const rows = [];
  for (const line of text.split("\n")) if (line.trim() !== "") rows.push(JSON.parse(line));
  return rows;
}
export {
  ClickHouseUnavailableError,
  isNetworkError,
  parseJsonEachRow,
  tabSeparated
};
//# sourceMappingURL=clickhouse.js.map
