import { isNetworkError } from "../clickhouse/clickhouse.js";
import { ConfigError } from "../config/settings.js";
const CONNECTION_NOT_YET_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN"
]);
const PG_NOT_YET_CODES = /* @__PURE__ */ new Set([
  ...CONNECTION_NOT_YET_CODES,
  // SQLSTATE: cannot_connect_now (starting up / shutting down), admin_shutdown, crash_shutdown,
  // too_many_connections, and the connection exceptions of class 08.
  "57P03",
  "57P01",
  "57P02",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006"
]);
const PG_SETTING_CODES = /* @__PURE__ */ new Map([
  ["28P01", "the server refused the credentials"],
  ["28000", "the server refused the credentials"],
  ["3D000", "the database does not exist"],
  ["ENOTFOUND", "unknown database host"]
]);
const PG_NOT_YET_MESSAGE = /Connection terminated unexpectedly|the database system is (starting up|shutting down)|ECONNREFUSED/i;
const MAX_DEPTH = 5;
function codesOf(error) {
  const out = [];
  let e = error;
  for (let depth = 0; e && typeof e === "object" && depth < MAX_DEPTH; depth++) {
    const f = e;
    out.push({
      code: typeof f.code === "string" ? f.code : "",
      message: typeof f.message === "string" ? f.message : ""
    });
    e = f.cause;
  }
  return out;
}
function databaseStartVerdict(error) {
  const chain = codesOf(error);
  for (const { code } of chain) {
    const wrong = PG_SETTING_CODES.get(code);
    if (wrong) return { retry: false, fatal: new ConfigError("DATABASE_URL", `${wrong} (${code})`) };
  }
  for (const { code, message } of chain) {
    if (PG_NOT_YET_CODES.has(code)) return { retry: true, reason: code };
    if (PG_NOT_YET_MESSAGE.test(message)) return { retry: true, reason: "connection" };
  }
  return { retry: false, fatal: error instanceof Error ? error : new Error(String(error)) };
}
function clickhouseStartVerdict(error) {
  if (codesOf(error).some(({ code }) => code === "ENOTFOUND"))
    return { retry: false, fatal: new ConfigError("CLICKHOUSE_URL", "unknown ClickHouse host (ENOTFOUND)") };
  if (isNetworkError(error) || error?.code === "CLICKHOUSE_UNAVAILABLE")
    return { retry: true, reason: "unreachable" };
  return { retry: false, fatal: error instanceof Error ? error : new Error(String(error)) };
}
export {
  CONNECTION_NOT_YET_CODES,
  clickhouseStartVerdict,
  databaseStartVerdict
};
//# sourceMappingURL=dependency-verdicts.js.map
