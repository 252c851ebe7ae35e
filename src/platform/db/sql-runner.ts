import type pg from "pg";
import type { Db, Tx } from "./prisma-client.js";

/**
 * Where the consumer runtime's own statements go (decision 0505): a `pg` client or pool directly
 * (no Prisma per-statement path), or, inside a Prisma interactive transaction, that transaction
 * (the dedup mark must commit with the handlers' Prisma writes). Positional parameters ($1 …).
 */
export interface SqlRunner {
  rows<R>(text: string, values: readonly unknown[]): Promise<R[]>;
  execute(text: string, values: readonly unknown[]): Promise<number>;
}

export function pgRunner(client: pg.Pool | pg.ClientBase): SqlRunner {
  return {
    async rows<R>(text: string, values: readonly unknown[]) {
      return (await client.query(text, values as unknown[])).rows as R[];
    },
    async execute(text, values) {
      return (await client.query(text, values as unknown[])).rowCount ?? 0;
    },
  };
}

/** A parameter as an SQL literal, for the few types the runtime's statements use. */
function literal(client: pg.ClientBase, value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (Buffer.isBuffer(value)) return `'\\x${value.toString("hex")}'::bytea`;
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (typeof value === "string") return client.escapeLiteral(value);
  throw new Error(`no SQL literal for a ${typeof value}`);
}

/** A statement with its parameters written as SQL literals (literal above). */
const inline = (client: pg.ClientBase, text: string, values: readonly unknown[]) =>
  text.replace(/\$(\d+)/g, (_, n: string) => literal(client, values[Number(n) - 1]));

/**
 * The transaction's last statement and its COMMIT in one simple-protocol message (decision 0629),
 * parameters written as literals like openingRunner's first statement. Returns the statement's
 * row count.
 */
export async function executeAndCommit(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
): Promise<number> {
  const results = (await client.query(
    `${inline(client, text, values)}; COMMIT`,
  )) as unknown as pg.QueryResult[];
  return results[0]?.rowCount ?? 0;
}

/**
 * A `pg` connection whose transaction is opened by the first statement sent through it (decision
 * 0505): that statement goes out as `BEGIN; <statement>` in one simple-protocol message, its
 * parameters written as literals (bytea hex, integers, timestamps, escaped text), so a batch pays
 * no round trip for BEGIN. `begin()` sends a plain BEGIN when something else must go first.
 * `opening` is what opens it (BEGIN and, if any, its SET LOCAL settings).
 */
export function openingRunner(client: pg.ClientBase, opening = "BEGIN") {
  let begun = false;
  const first = async (text: string, values: readonly unknown[]) => {
    const sql = inline(client, text, values);
    begun = true;
    const results = (await client.query(`${opening}; ${sql}`)) as unknown as pg.QueryResult[];
    return results[results.length - 1] as pg.QueryResult;
  };
  const direct = pgRunner(client);
  const runner: SqlRunner = {
    async rows<R>(text: string, values: readonly unknown[]) {
      return begun ? direct.rows<R>(text, values) : ((await first(text, values)).rows as R[]);
    },
    async execute(text, values) {
      return begun ? direct.execute(text, values) : ((await first(text, values)).rowCount ?? 0);
    },
  };
  return {
    runner,
    get begun() {
      return begun;
    },
    async begin() {
      if (begun) return;
      begun = true;
      await client.query(opening);
    },
  };
}

export function prismaRunner(tx: Tx | Db): SqlRunner {
  return {
    rows: <R>(text: string, values: readonly unknown[]) => tx.$queryRawUnsafe<R[]>(text, ...values),
    execute: (text, values) => tx.$executeRawUnsafe(text, ...values),
  };
}

/** A connection a handler writes through (a pgScope batch's, decision 0505). */
export type PgQueryable = Pick<pg.ClientBase, "query">;

/**
 * A named prepared statement (decision 0615): parsed and planned once per pool connection, then
 * only bound and executed — no Prisma per-call path and no parse per call. `name` must be unique
 * per statement text in the process. Returns the rows changed.
 */
export async function executeNamed(
  db: PgQueryable,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<number> {
  return (await db.query({ name, text, values: values as unknown[] })).rowCount ?? 0;
}

/** A connection checked out of the pool, released once (decisions 0505, 0629, 0631). */
export interface CheckedOut {
  readonly client: pg.PoolClient;
  /** Back to the pool, or closed when `error` (or a connection error seen meanwhile) says its state is unknown */
  release(error?: Error): void;
}

/**
 * One connection of the pool for a unit of work sent to it directly. A connection lost while
 * checked out emits "error" on the client: without a listener that would crash the process; the
 * failing statement reports it to the caller, and the connection is then closed, not handed back.
 */
export async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on("error", onError);
  let released = false;
  return {
    client,
    release(error) {
      if (released) return;
      released = true;
      client.removeListener("error", onError);
      client.release(error ?? lost);
    },
  };
}
