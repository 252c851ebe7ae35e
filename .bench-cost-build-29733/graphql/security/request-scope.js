import { AsyncLocalStorage } from "node:async_hooks";
import { GraphQLError } from "graphql";
import { sharePgPool } from "../../platform/db/prisma-client.js";
const storage = new AsyncLocalStorage();
const MAX_ROWS_PER_REQUEST = 12e3;
function newRequestScope(maxConcurrent, maxRows = MAX_ROWS_PER_REQUEST) {
  return { maxConcurrent, maxRows, rows: 0, active: 0, aborted: false, waiting: [] };
}
const REQUEST_TOO_EXPENSIVE = "REQUEST_TOO_EXPENSIVE";
function tooExpensive(scope) {
  return new GraphQLError(
    `The request reads more than ${scope.maxRows} rows; ask for less (fewer aliases or pages)`,
    {
      extensions: { code: REQUEST_TOO_EXPENSIVE }
    }
  );
}
function runInRequestScope(scope, fn) {
  return storage.run(scope, fn);
}
function currentRequestScope() {
  return storage.getStore();
}
const REQUEST_TIMEOUT = "REQUEST_TIMEOUT";
function timeoutError() {
  return new GraphQLError("The request took too long and was stopped", {
    extensions: { code: REQUEST_TIMEOUT, http: { status: 503 } }
  });
}
function abortRequestScope(scope) {
  scope.aborted = true;
  for (const wake of scope.waiting.splice(0)) wake();
}
async function withSlot(scope, work) {
  while (scope.active >= scope.maxConcurrent && !scope.aborted) {
    await new Promise((resolve) => scope.waiting.push(resolve));
  }
  if (scope.aborted) throw timeoutError();
  if (scope.rows > scope.maxRows) {
    scope.waiting.shift()?.();
    throw tooExpensive(scope);
  }
  scope.active++;
  try {
    const result = await work();
    if (Array.isArray(result)) {
      scope.rows += result.length;
      if (scope.rows > scope.maxRows) throw tooExpensive(scope);
    }
    return result;
  } finally {
    scope.active--;
    scope.waiting.shift()?.();
  }
}
function limitDatabaseWorkPerRequest(db) {
  const limited = db.$extends({
    name: "pin-request-scope",
    query: {
      async $allOperations({ args, query }) {
        const scope = storage.getStore();
        if (!scope) return query(args);
        return withSlot(scope, () => query(args));
      }
    }
  });
  const client = limited;
  sharePgPool(client, db, (work) => {
    const scope = storage.getStore();
    return scope ? withSlot(scope, work) : work();
  });
  return client;
}
export {
  MAX_ROWS_PER_REQUEST,
  REQUEST_TIMEOUT,
  REQUEST_TOO_EXPENSIVE,
  abortRequestScope,
  currentRequestScope,
  limitDatabaseWorkPerRequest,
  newRequestScope,
  runInRequestScope,
  timeoutError
};
//# sourceMappingURL=request-scope.js.map
