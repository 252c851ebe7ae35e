import { AsyncLocalStorage } from "node:async_hooks";
import { GraphQLError } from "graphql";
import { type Db, sharePgPool } from "../../platform/db/prisma-client.js";
import type { CallerRefusal } from "./refusal-gate.js";

/**
 * Per request (HTTP) or per operation (graphql-ws): how many database statements may run at once,
 * and whether the request already timed out (then further database work is refused).
 */
export interface RequestScope {
  readonly maxConcurrent: number;
  /** rows the request may read in total (data-dependent cost the static cost limit cannot see) */
  readonly maxRows: number;
  rows: number;
  /** the rate-limit key of the caller, once known (set by the context factory) */
  rateKey?: string;
  /** the caller's rate refused this request (the HTTP layer then remembers the caller, refusal-gate.ts) */
  rateRefusal?: CallerRefusal;
  active: number;
  aborted: boolean;
  /** a started subscription stream (SSE): the request deadline no longer cuts it (its token's expiry does) */
  live?: boolean;
  readonly waiting: Array<() => void>;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Rows one request may read: two full buildings' grids (2 × 5,000 objects) and change. */
export const MAX_ROWS_PER_REQUEST = 12_000;

export function newRequestScope(maxConcurrent: number, maxRows: number = MAX_ROWS_PER_REQUEST): RequestScope {
  return { maxConcurrent, maxRows, rows: 0, active: 0, aborted: false, waiting: [] };
}

export const REQUEST_TOO_EXPENSIVE = "REQUEST_TOO_EXPENSIVE";

function tooExpensive(scope: RequestScope): GraphQLError {
  return new GraphQLError(
    `The request reads more than ${scope.maxRows} rows; ask for less (fewer aliases or pages)`,
    {
      extensions: { code: REQUEST_TOO_EXPENSIVE },
    },
  );
}

export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

export const REQUEST_TIMEOUT = "REQUEST_TIMEOUT";

export function timeoutError(): GraphQLError {
  return new GraphQLError("The request took too long and was stopped", {
    extensions: { code: REQUEST_TIMEOUT, http: { status: 503 } },
  });
}

/** Wakes every waiter of an aborted scope so they fail fast instead of waiting for a slot. */
export function abortRequestScope(scope: RequestScope): void {
  scope.aborted = true;
  for (const wake of scope.waiting.splice(0)) wake();
}

async function withSlot<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  while (scope.active >= scope.maxConcurrent && !scope.aborted) {
    await new Promise<void>((resolve) => scope.waiting.push(resolve));
  }
  if (scope.aborted) throw timeoutError();
  if (scope.rows > scope.maxRows) {
    scope.waiting.shift()?.(); // pass the turn on: the next waiter fails fast too
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

/**
 * The api role's Prisma client: every statement (model operations and raw SQL, inside
 * transactions too) waits for a slot of its request's scope, so one request — however many
 * aliases or list items it resolves — holds at most `maxConcurrent` pool connections at a time,
 * reads at most `maxRows` rows in total, and runs nothing after its timeout. Outside a request scope (start-up, broadcast consumer) nothing waits.
 */
export function limitDatabaseWorkPerRequest(db: Db): Db {
  const limited = db.$extends({
    name: "pin-request-scope",
    query: {
      async $allOperations({ args, query }) {
        const scope = storage.getStore();
        if (!scope) return query(args);
        return withSlot(scope, () => query(args));
      },
    },
  });
  // The extended client has the same surface for every use the API makes of it.
  const client = limited as unknown as Db;
  // Work sent to the pool directly (crm's commands, decision 0500) holds one slot for its whole
  // unit of work (one connection at a time) and is refused after the request's timeout.
  sharePgPool(client, db, (work) => {
    const scope = storage.getStore();
    return scope ? withSlot(scope, work) : work();
  });
  return client;
}
