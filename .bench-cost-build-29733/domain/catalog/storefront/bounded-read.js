import { IllegalStateError } from "../../../platform/errors/domain-error.js";
const STOREFRONT_QUERY_TOO_EXPENSIVE = "STOREFRONT_QUERY_TOO_EXPENSIVE";
function isStatementTimeout(error) {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const candidate = e;
    if (candidate.code === "57014" || candidate.meta?.code === "57014") return true;
    if (typeof candidate.message === "string" && /statement timeout/i.test(candidate.message)) return true;
    e = candidate.cause;
  }
  return false;
}
const storefrontQueryTooExpensive = (timeoutMs) => new IllegalStateError(
  STOREFRONT_QUERY_TOO_EXPENSIVE,
  `The storefront read took longer than ${timeoutMs} ms and was stopped; narrow the filter (fewer words, a smaller radius or viewport)`,
  { timeoutMs }
);
async function boundedRead(db, timeoutMs, read) {
  if (!timeoutMs) return read(db);
  const ms = Math.max(1, Math.trunc(timeoutMs));
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${ms}`);
      await tx.$executeRawUnsafe("SET TRANSACTION READ ONLY");
      await tx.$executeRawUnsafe("SET LOCAL max_parallel_workers_per_gather = 0");
      return read(tx);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw storefrontQueryTooExpensive(ms);
    throw error;
  }
}
export {
  STOREFRONT_QUERY_TOO_EXPENSIVE,
  boundedRead,
  isStatementTimeout,
  storefrontQueryTooExpensive
};
//# sourceMappingURL=bounded-read.js.map
