import { openingRunner, prismaRunner } from "../../db/sql-runner.js";
import { markProcessed } from "./sql/mark-processed.js";
import { markUnlessParked } from "./sql/mark-unless-parked.js";
import { unmarkProcessed } from "./sql/unmark-processed.js";
const BATCH_TX_TIMEOUT_MS = 5 * 6e4;
class Rollback extends Error {
  constructor() {
    super("batch rolled back");
    this.name = "Rollback";
  }
}
function postgresScope(options = {}) {
  const marks = options.marks ?? true;
  return ({ db, group, clock }) => ({
    kind: "postgres",
    marked: marks,
    async begin() {
      let release;
      const decided = new Promise((resolve) => {
        release = resolve;
      });
      let opened;
      const ready = new Promise((resolve) => {
        opened = resolve;
      });
      const done = db.$transaction(
        async (tx2) => {
          opened(tx2);
          if (!await decided) throw new Rollback();
        },
        { timeout: BATCH_TX_TIMEOUT_MS, maxWait: BATCH_TX_TIMEOUT_MS }
      );
      const tx = await Promise.race([
        ready,
        done.then(() => Promise.reject(new Error("transaction ended early")))
      ]);
      let savepoints = 0;
      const runner = prismaRunner(tx);
      return {
        writer: tx,
        ...marks ? dedupMarks(runner, group, clock) : { unmark: async () => {
        } },
        async isolate(fn) {
          const name = `handler_${++savepoints}`;
          await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
          try {
            const result = await fn(tx);
            await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
            return result;
          } catch (error) {
            await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
            throw error;
          }
        },
        async commit() {
          release(true);
          await done;
        },
        async rollback() {
          release(false);
          await done.catch(() => {
          });
        }
      };
    }
  });
}
function dedupMarks(runner, group, clock) {
  return {
    mark: (keys) => markProcessed(runner, group, keys, clock.now()),
    markUnlessParked: (items) => markUnlessParked(runner, group, items, clock.now()),
    unmark: (keys) => unmarkProcessed(runner, keys)
  };
}
function pgScope(options = {}) {
  const marks = options.marks ?? true;
  return ({ pool, group, clock }) => ({
    kind: "postgres",
    marked: marks,
    async begin() {
      if (!pool) throw new Error(`pgScope (${group}): the database was not made by createPrismaClient`);
      const client = await pool.connect();
      let lost;
      const onError = (error) => {
        lost = error;
      };
      client.on("error", onError);
      let released = false;
      const release = (error) => {
        if (released) return;
        released = true;
        client.removeListener("error", onError);
        client.release(error ?? lost);
      };
      const tx = openingRunner(client);
      let savepoints = 0;
      const writer = {
        query: ((...args) => tx.begun ? client.query(...args) : tx.begin().then(() => client.query(...args)))
      };
      return {
        writer,
        ...marks ? dedupMarks(tx.runner, group, clock) : { unmark: async () => {
        } },
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
            if (tx.begun && (await client.query("COMMIT")).command !== "COMMIT")
              throw new Error("pgScope: the batch transaction was aborted; COMMIT rolled it back");
          } catch (error) {
            release(error);
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
            release(error);
          }
        }
      };
    }
  });
}
function sinkScope(open) {
  return () => ({
    kind: "sink",
    async begin() {
      const rows = [];
      const append = (to, more) => {
        for (const row of more) to.push(row);
      };
      return {
        writer: { write: (more) => append(rows, more) },
        unmark: async () => {
        },
        async isolate(fn) {
          const mine = [];
          const result = await fn({ write: (more) => append(mine, more) });
          append(rows, mine);
          return result;
        },
        async commit() {
          if (rows.length === 0) return;
          const sink = open();
          sink.write(rows);
          await sink.flush();
        },
        async rollback() {
          rows.length = 0;
        }
      };
    }
  });
}
export {
  pgScope,
  postgresScope,
  sinkScope
};
//# sourceMappingURL=scope.js.map
