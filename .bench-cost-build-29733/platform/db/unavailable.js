const ADAPTER_KINDS = /* @__PURE__ */ new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError"
]);
const PRISMA_CODES = /* @__PURE__ */ new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const SQLSTATES = /* @__PURE__ */ new Set(["57P01", "57P02", "57P03", "53300"]);
const NODE_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH"
]);
const MESSAGES = /Can't reach database server|Connection terminated|connection (?:is )?closed|terminating connection due to administrator command|the database system is (?:starting up|shutting down|in recovery)|timeout exceeded when trying to connect|is not currently accepting connections/i;
function isDatabaseUnavailable(error) {
  const seen = /* @__PURE__ */ new Set();
  const queue = [error];
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const x = e;
    if (typeof x.kind === "string" && ADAPTER_KINDS.has(x.kind)) return true;
    if (typeof x.code === "string") {
      if (PRISMA_CODES.has(x.code) || SQLSTATES.has(x.code) || NODE_CODES.has(x.code) || /^08[0-9A-Z]{3}$/.test(x.code))
        return true;
    }
    if (typeof x.message === "string" && MESSAGES.test(x.message)) return true;
    queue.push(x.cause, x.originalError);
    if (x.meta && typeof x.meta === "object") queue.push(...Object.values(x.meta));
  }
  return false;
}
export {
  isDatabaseUnavailable
};
//# sourceMappingURL=unavailable.js.map
