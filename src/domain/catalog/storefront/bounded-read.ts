import type { Db } from "../../../platform/db/prisma-client.js";
import { IllegalStateError } from "../../../platform/errors/domain-error.js";

export const STOREFRONT_QUERY_TOO_EXPENSIVE = "STOREFRONT_QUERY_TOO_EXPENSIVE";

/** PostgreSQL's query_canceled (statement_timeout), however the driver adapter wraps it. */
export function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown; meta?: { code?: unknown } };
    if (candidate.code === "57014" || candidate.meta?.code === "57014") return true;
    if (typeof candidate.message === "string" && /statement timeout/i.test(candidate.message)) return true;
    e = candidate.cause;
  }
  return false;
}

export const storefrontQueryTooExpensive = (timeoutMs: number) =>
  new IllegalStateError(
    STOREFRONT_QUERY_TOO_EXPENSIVE,
    `The storefront read took longer than ${timeoutMs} ms and was stopped; narrow the filter (fewer words, a smaller radius or viewport)`,
    { timeoutMs },
  );

/**
 * A storefront read under a short statement_timeout (issue #42 item 1; decision 0574): its
 * statements run in one read-only transaction that begins with `SET LOCAL statement_timeout`, so the
 * bound is this read's alone (the pool's connections keep the API's), and a statement cut by it
 * answers STOREFRONT_QUERY_TOO_EXPENSIVE instead of INTERNAL_SERVER_ERROR; no parallel workers. `timeoutMs` null: as is.
 */
export async function boundedRead<T>(
  db: Db,
  timeoutMs: number | null,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  if (!timeoutMs) return read(db);
  const ms = Math.max(1, Math.trunc(timeoutMs));
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${ms}`);
      await tx.$executeRawUnsafe("SET TRANSACTION READ ONLY");
      // one core per storefront read: a parallel aggregate took every core from the pages of lots
      await tx.$executeRawUnsafe("SET LOCAL max_parallel_workers_per_gather = 0");
      // The transaction client has every method a read uses (raw SQL and model reads).
      return read(tx as unknown as Db);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw storefrontQueryTooExpensive(ms);
    throw error;
  }
}
