import { openingRunner, pgRunner } from "./sql-runner.js";
class Statements {
  constructor(rows, commitSignal = "in-transaction") {
    this.rows = rows;
    this.commitSignal = commitSignal;
  }
  rows;
  commitSignal;
}
function prismaStatements(db) {
  return new Statements((query) => db.$queryRaw(query));
}
function statementsOf(target) {
  return target instanceof Statements ? target : prismaStatements(target);
}
function runnerStatements(runner) {
  return new Statements((query) => runner.rows(query.text, query.values), "after-commit");
}
function pgStatements(pool) {
  return runnerStatements(pgRunner(pool));
}
async function inPgTransaction(pool, work) {
  const client = await pool.connect();
  let lost;
  const onError = (error) => {
    lost = error;
  };
  client.on("error", onError);
  const release = (error) => {
    client.removeListener("error", onError);
    client.release(error ?? lost);
  };
  const tx = openingRunner(client);
  let result;
  try {
    result = await work(runnerStatements(tx.runner));
  } catch (error) {
    try {
      if (tx.begun) await client.query("ROLLBACK");
      release();
    } catch (rollbackError) {
      release(rollbackError);
    }
    throw error;
  }
  try {
    if (tx.begun && (await client.query("COMMIT")).command !== "COMMIT")
      throw new Error("the transaction was aborted; COMMIT rolled it back");
  } catch (error) {
    release(error);
    throw error;
  }
  release();
  return result;
}
export {
  Statements,
  inPgTransaction,
  pgStatements,
  prismaStatements,
  statementsOf
};
//# sourceMappingURL=sql-statements.js.map
