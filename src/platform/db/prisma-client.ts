import { PrismaPg } from "@prisma/adapter-pg";
import { type Prisma, PrismaClient } from "../../generated/prisma/client.js";

export { type Prisma, PrismaClient };
/** The transaction handle every repository and `enqueue(tx, event)` write through. */
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

export interface DbOptions {
  readonly url: string;
  readonly maxConnections?: number;
  /** PostgreSQL statement_timeout of every connection of this pool (the api role's bound on one statement). */
  readonly statementTimeoutMs?: number;
}

const connectionStrings = new WeakMap<PrismaClient, string>();

/** Prisma client over the pg driver adapter (Prisma 7 has no native query engine here). */
export function createPrismaClient(options: DbOptions): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 30_000 } });
  connectionStrings.set(client, options.url);
  return client;
}

/**
 * The database a client of createPrismaClient talks to, for the few parts that need a connection
 * of their own outside its pool (session advisory locks: src/platform/events/local/group-locks.ts).
 */
export function connectionStringOf(db: PrismaClient): string | undefined {
  return connectionStrings.get(db);
}
