import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { type Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { StatementNames } from "./statement-names.js";

/** What the adapter hands the name generator (its SqlQuery; only these fields are read) */
interface SqlQuery {
  readonly sql: string;
  readonly args: readonly unknown[];
}

export { type Prisma, PrismaClient };
/** The transaction handle every repository and `enqueue(tx, event)` write through. */
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

export interface DbOptions {
  readonly url: string;
  readonly maxConnections?: number;
  /** PostgreSQL statement_timeout of every connection of this pool (the api role's bound on one statement). */
  readonly statementTimeoutMs?: number;
  /**
   * Prisma's statements as named prepared statements, planned for their parameters each time
   * (decision 0628; PIN_DB_PREPARED_STATEMENTS). Default true.
   */
  readonly preparedStatements?: boolean;
  /**
   * How a prepared statement is planned on this pool's connections (decision 0639): "custom"
   * (the default) plans every call for its own parameters, as unprepared; "auto" is PostgreSQL's
   * own rule — custom plans for five calls, then the generic plan where it costs no more — for a
   * pool whose statements are keyed by ids (the roles' shared pool), not by a client's filters.
   */
  readonly plans?: "custom" | "auto";
}

const connectionStrings = new WeakMap<PrismaClient, string>();

/**
 * The `pg` pool under a client and what every unit of work sent to it directly runs inside
 * (`around`): nothing for a client of createPrismaClient; the api's request scope for its limited
 * client (limitDatabaseWorkPerRequest), so work that skips Prisma waits for the same slots and
 * stops after the request's timeout like Prisma's statements do.
 */
export interface PgAccess {
  readonly pool: pg.Pool;
  around<T>(work: () => Promise<T>): Promise<T>;
  /** The pool's statement names (decision 0628), shared by Prisma and rawTx; null when unprepared */
  readonly names: StatementNames | null;
}
const access = new WeakMap<PrismaClient, PgAccess>();
const direct = <T>(work: () => Promise<T>) => work();

/**
 * Prisma client over the pg driver adapter (Prisma 7 has no native query engine here). The
 * adapter runs on a `pg` pool made here, so the few paths that skip Prisma's per-statement cost
 * (the consumer runtime's own statements, decision 0505) share its connections: `pgPoolOf(db)`.
 */
export function createPrismaClient(options: DbOptions): PrismaClient {
  const prepared = options.preparedStatements ?? true;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // "custom": a prepared statement still gets a plan for its own parameters (the plans stay what
    // they were unprepared); what it saves is the parse and analysis of its text on every call.
    ...(prepared && options.plans !== "auto" ? { options: "-c plan_cache_mode=force_custom_plan" } : {}),
  });
  // An idle connection that breaks (server restart, a database dropped) is discarded by the pool,
  // which then emits "error": without a listener that would crash the process. The adapter adds
  // one only once Prisma connects; the consumer runtime may use the pool before that.
  pool.on("error", () => {});
  // `$disconnect()` ends the pool with the adapter, as it did when the adapter made its own.
  const names = new StatementNames("pin_");
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    ...(prepared
      ? { statementNameGenerator: (query: SqlQuery) => names.nameOf(query.sql, query.args.length) }
      : {}),
  });
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 30_000 } });
  connectionStrings.set(client, options.url);
  access.set(client, { pool, around: direct, names: prepared ? names : null });
  return client;
}

/**
 * The database a client of createPrismaClient talks to, for the few parts that need a connection
 * of their own outside its pool (session advisory locks: src/platform/events/local/group-locks.ts).
 */
export function connectionStringOf(db: PrismaClient): string | undefined {
  return connectionStrings.get(db);
}

/**
 * The `pg` pool under a client of createPrismaClient (the same connections Prisma uses);
 * undefined for a client made otherwise (a test's own PrismaClient, an `$extends` copy).
 */
export function pgPoolOf(db: PrismaClient): pg.Pool | undefined {
  return access.get(db)?.pool;
}

/** The pool under `db` and the wrapper of its direct work; undefined like pgPoolOf. */
export function pgAccessOf(db: PrismaClient): PgAccess | undefined {
  return access.get(db);
}

/**
 * `derived` (an `$extends` copy of `base`) shares base's pool; its direct work runs inside
 * `around`, the derived client's own rule for its statements.
 */
export function sharePgPool(
  derived: PrismaClient,
  base: PrismaClient,
  around: <T>(work: () => Promise<T>) => Promise<T>,
): void {
  const shared = pgAccessOf(base);
  if (shared) access.set(derived, { pool: shared.pool, around, names: shared.names });
}
