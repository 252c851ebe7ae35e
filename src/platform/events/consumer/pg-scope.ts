import type pg from "pg";
import { type RawTx, rawTx } from "../../db/raw-tx.js";
import { checkOut, openingRunner, type PgQueryable } from "../../db/sql-runner.js";
import type { StatementNames } from "../../db/statement-names.js";
import { dedupMarks, type PgScopeOptions, type ScopeFactory } from "./scope.js";
import { parkedKeysOfGroup } from "./sql/parked-keys.js";

/** What a handler of the `pg` scope writes through: the batch's connection, inside its transaction. */
export type PgTx = PgQueryable;

/**
 * The `pg` scope (decision 0505): the same unit of work as postgresScope — dedup marks and the
 * handlers' writes in one transaction per batch — on a raw `pg` connection of the adapter's pool,
 * without Prisma: BEGIN, the mark, savepoints, the unmark and COMMIT are plain statements, and the
 * handlers get that connection (`PgTx`) instead of a Prisma `Tx`. For set-based handlers whose
 * writes are SQL anyway (one `unnest` upsert per batch); handlers that use Prisma's model API
 * stay on postgresScope.
 */
export function pgScope(options: PgScopeOptions = {}): ScopeFactory<PgTx> {
  return pgScopeWith(options, (writer) => writer);
}

/**
 * The raw pg scope (decision 0631): pgScope's unit of work, its handlers writing through rawTx —
 * Prisma's raw API (`$queryRaw` …, the same parameter and result types) over the batch's
 * connection. For handlers whose writes were Prisma raw SQL already: they move off Prisma's
 * interactive transaction (its BEGIN round trip, its per-statement cost) without a rewrite.
 */
export function rawPgScope(options: PgScopeOptions = {}): ScopeFactory<RawTx> {
  return pgScopeWith(options, rawTx);
}

function pgScopeWith<W>(
  options: PgScopeOptions,
  writerOf: (writer: PgTx, names: StatementNames | null) => W,
): ScopeFactory<W> {
  const marks = options.marks ?? true;
  const opening =
    (options.plans ?? "generic") === "generic"
      ? "BEGIN; SET LOCAL plan_cache_mode = force_generic_plan"
      : "BEGIN";
  return ({ pool, names, group, clock }) => ({
    kind: "postgres",
    marked: marks,
    // Without marks the parked-key read opens the transaction instead (BEGIN rides on it).
    parkedInSession: !marks,
    async begin() {
      if (!pool) throw new Error(`pgScope (${group}): the database was not made by createPrismaClient`);
      const conn = await checkOut(pool);
      const { client } = conn;
      let released = false;
      const release = (error?: Error) => {
        released = true;
        conn.release(error);
      };
      // BEGIN rides on the batch's first statement, the dedup mark (one round trip less).
      const tx = openingRunner(client, opening);
      let savepoints = 0;
      // A handler's statements always follow the mark; if one ever came first, BEGIN goes first.
      const query: PgTx = {
        query: ((...args: Parameters<pg.ClientBase["query"]>) =>
          tx.begun
            ? client.query(...args)
            : tx.begin().then(() => client.query(...args))) as pg.ClientBase["query"],
      };
      const writer = writerOf(query, names ?? null);
      return {
        writer,
        ...(marks
          ? dedupMarks(tx.runner, group, clock)
          : {
              unmark: async () => {},
              parkedKeys: (pairs: ReadonlyArray<{ topic: string; key: string }>) =>
                parkedKeysOfGroup(tx.runner, group, pairs),
            }),
        async isolate(fn) {
          const name = `handler_${++savepoints}`;
          await tx.begin();
          await client.query(`SAVEPOINT ${name}`);
          try {
            const result = await fn(writer);
            await client.query(`RELEASE SAVEPOINT ${name}`);
            return result;
          } catch (error) {
            await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
            throw error;
          }
        },
        async commit() {
          try {
            // Nothing was sent (an empty batch): there is no transaction to commit.
            // PostgreSQL answers COMMIT of an aborted transaction with ROLLBACK, not an error: that
            // batch is not durable and must be read again, never acknowledged.
            if (tx.begun && (await client.query("COMMIT")).command !== "COMMIT")
              throw new Error("pgScope: the batch transaction was aborted; COMMIT rolled it back");
          } catch (error) {
            // The connection's state is unknown: it is closed, not handed back to the pool.
            release(error as Error);
            throw error;
          }
          release();
        },
        async rollback() {
          if (released) return;
          try {
            if (tx.begun) await client.query("ROLLBACK");
            release();
          } catch (error) {
            release(error as Error);
          }
        },
      };
    },
  });
}
