/**
 * Whether an error means the database cannot be reached right now (issue #42 item 8): a retryable
 * condition a client should meet with SERVICE_UNAVAILABLE and Retry-After, not INTERNAL_SERVER_ERROR.
 * Reads the shapes Prisma (P1001…, the pg adapter's DriverAdapterError kinds), pg (SQLSTATE class
 * 08, 57P01–57P03, 53300) and Node (ECONNREFUSED…) give, through `cause`/`meta` chains.
 */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
]);
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const MESSAGES =
  /Can't reach database server|Connection terminated|connection (?:is )?closed|terminating connection due to administrator command|the database system is (?:starting up|shutting down|in recovery)|timeout exceeded when trying to connect|is not currently accepting connections/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const x = e as {
      code?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: unknown;
      originalError?: unknown;
    };
    if (typeof x.kind === "string" && ADAPTER_KINDS.has(x.kind)) return true;
    if (typeof x.code === "string") {
      if (
        PRISMA_CODES.has(x.code) ||
        SQLSTATES.has(x.code) ||
        NODE_CODES.has(x.code) ||
        /^08[0-9A-Z]{3}$/.test(x.code)
      )
        return true;
    }
    if (typeof x.message === "string" && MESSAGES.test(x.message)) return true;
    queue.push(x.cause, x.originalError);
    if (x.meta && typeof x.meta === "object") queue.push(...Object.values(x.meta as Record<string, unknown>));
  }
  return false;
}
