import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../../generated/prisma/client.js";
const connectionStrings = /* @__PURE__ */ new WeakMap();
const access = /* @__PURE__ */ new WeakMap();
const direct = (work) => work();
function createPrismaClient(options) {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    ...options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}
  });
  pool.on("error", () => {
  });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 1e4, timeout: 3e4 } });
  connectionStrings.set(client, options.url);
  access.set(client, { pool, around: direct });
  return client;
}
function connectionStringOf(db) {
  return connectionStrings.get(db);
}
function pgPoolOf(db) {
  return access.get(db)?.pool;
}
function pgAccessOf(db) {
  return access.get(db);
}
function sharePgPool(derived, base, around) {
  const pool = pgPoolOf(base);
  if (pool) access.set(derived, { pool, around });
}
export {
  PrismaClient,
  connectionStringOf,
  createPrismaClient,
  pgAccessOf,
  pgPoolOf,
  sharePgPool
};
//# sourceMappingURL=prisma-client.js.map
