import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Db, Tx } from "./prisma-client.js";
import { checkOut, openingRunner, pgRunner, type SqlRunner } from "./sql-runner.js";

/**
 * Where a context's `Prisma.sql` statements go (decision 0500): Prisma (a client or an interactive
 * transaction), or a `pg` connection or pool of the driver adapter (no Prisma per-statement path).
 * The same statement text and parameters either way; rows come back typed alike for the column
 * types the callers select (text, uuid::text, int, boolean, timestamptz).
 */
export class Statements {
  constructor(
    readonly rows: <R>(query: Prisma.Sql) => Promise<R[]>,
    /**
     * Who sends the outbox's commit signal for outbox rows written through these statements
     * (enqueue.ts CommitSignal): on `pg`, the command after its commit (signalOutboxAfterCommit).
     */
    readonly commitSignal: "in-transaction" | "after-commit" = "in-transaction",
  ) {}
}

export function prismaStatements(db: Db | Tx): Statements {
  return new Statements(<R>(query: Prisma.Sql) => db.$queryRaw<R[]>(query));
}

/** What the repositories take: statements, or a Prisma client or transaction to run them on. */
export type StatementsOrPrisma = Statements | Db | Tx;

export function statementsOf(target: StatementsOrPrisma): Statements {
  return target instanceof Statements ? target : prismaStatements(target);
}

function runnerStatements(runner: SqlRunner): Statements {
  return new Statements(<R>(query: Prisma.Sql) => runner.rows<R>(query.text, query.values), "after-commit");
}

/** Each statement on a connection of the pool, committed on its own (one round trip each). */
export function pgStatements(pool: pg.Pool): Statements {
  return runnerStatements(pgRunner(pool));
}

/**
 * `work` in one transaction on one connection of the pool. BEGIN rides on the first statement
 * (`openingRunner`: its parameters are sent as literals — text, integers, timestamps, bytea), COMMIT
 * follows `work`, ROLLBACK any failure of it; nothing sent, nothing to commit. A connection whose
 * state is unknown (COMMIT or ROLLBACK failed, an error event) is closed, not handed back.
 */
export async function inPgTransaction<T>(
  pool: pg.Pool,
  work: (statements: Statements) => Promise<T>,
): Promise<T> {
  const { client, release } = await checkOut(pool);
  const tx = openingRunner(client);
  let result: T;
  try {
    result = await work(runnerStatements(tx.runner));
  } catch (error) {
    try {
      if (tx.begun) await client.query("ROLLBACK");
      release();
    } catch (rollbackError) {
      release(rollbackError as Error);
    }
    throw error;
  }
  try {
    // PostgreSQL answers COMMIT of an aborted transaction with ROLLBACK, not an error.
    if (tx.begun && (await client.query("COMMIT")).command !== "COMMIT")
      throw new Error("the transaction was aborted; COMMIT rolled it back");
  } catch (error) {
    release(error as Error);
    throw error;
  }
  release();
  return result;
}
