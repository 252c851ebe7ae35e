// Where a booking's PostgreSQL time goes (issue #43, "attribute every stage"): the statements of the
// bench database during one steady step, from pg_stat_statements, per booking. Only where the
// server preloads the extension (shared_preload_libraries = 'pg_stat_statements'); elsewhere the
// step runs as before and one line says why there is no table.
import type { Db } from "../../src/platform/db/prisma-client.js";

export interface StatementShare {
  /** execution time (ms) per booking */
  readonly execMsPerBooking: number;
  /** calls per booking */
  readonly callsPerBooking: number;
  readonly query: string;
}

/** The step's statements, most expensive first (the top `limit`), and the totals of all */
export interface StepStatements {
  readonly top: readonly StatementShare[];
  readonly callsPerBooking: number;
  readonly execMsPerBooking: number;
}

export interface StatementWindow {
  end(bookings: number, limit?: number): Promise<StepStatements | null>;
}

/** Opens the window (resets the database's statistics), or null with the reason printed. */
export async function openStatementWindow(db: Db): Promise<StatementWindow | null> {
  try {
    await db.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await db.$queryRawUnsafe(
      "SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)::text AS reset",
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n").at(-1) : String(error);
    console.log(`  (no statement attribution: pg_stat_statements is not loaded — ${reason})`);
    return null;
  }
  return {
    async end(bookings, limit = 20) {
      const rows = await db.$queryRaw<Array<{ calls: bigint; ms: number; query: string }>>`
        SELECT calls, total_exec_time AS ms, regexp_replace(query, '\\s+', ' ', 'g') AS query
        FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT ILIKE '%pg_stat_statements%'
        ORDER BY total_exec_time DESC`;
      if (bookings <= 0) return null;
      const all = rows.map((r) => ({
        execMsPerBooking: r.ms / bookings,
        callsPerBooking: Number(r.calls) / bookings,
        query: r.query.slice(0, 160),
      }));
      return {
        top: all.slice(0, limit),
        callsPerBooking: all.reduce((n, s) => n + s.callsPerBooking, 0),
        execMsPerBooking: all.reduce((n, s) => n + s.execMsPerBooking, 0),
      };
    },
  };
}

/** The window's table, as the bench prints it. */
export function describeStatements(window: StepStatements | null): string {
  if (!window) return "  (no statements)";
  const lines = window.top.map(
    (s) =>
      `    ${s.execMsPerBooking.toFixed(2).padStart(7)} ms ${s.callsPerBooking.toFixed(2).padStart(6)} calls  ${s.query}`,
  );
  return [
    `  statements per booking: ${window.callsPerBooking.toFixed(1)} calls, ${window.execMsPerBooking.toFixed(1)} ms executing; the most expensive:`,
    ...lines,
  ].join("\n");
}
