import type { Db, Tx } from "../../../db/prisma-client.js";
import type { LogPosition, LogRow } from "../local-log.js";

/**
 * Rows after `from` whose appending transaction is older than every transaction that could still
 * append to THIS database's log (decision 0470): those can no longer be overtaken by a commit with a
 * smaller (tx_id, id), so reading them in (tx_id, id) order is reading in commit order.
 *
 * The horizon, computed in the same statement from the statement's own snapshot `s`:
 * - every xid < pg_snapshot_xmax(s) not in pg_snapshot_xip(s) had ended when `s` was taken, so its
 *   rows are final (visible in `s` when committed, gone for good when aborted);
 * - an xid of xip can still append here only if its transaction is connected to this database. An
 *   xid seen in pg_stat_activity as the backend_xid of a backend connected to ANOTHER database
 *   (datid known and not ours) is that database's for its whole life (a backend never changes
 *   database; xids are not reused), so it is skipped; every other xid of xip — of this database, of
 *   a prepared transaction (no backend), of a backend without a database, or one that ended between
 *   `s` and the read of pg_stat_activity — holds the horizon back, as the cluster-wide xmin did.
 * - horizon = the smallest xid of xip not skipped, else pg_snapshot_xmax(s).
 * xip holds top-level xids only (xid8funcs.c), and tx_id is the top-level pg_current_xact_id() of
 * the appending transaction (the column's default), so they compare. backend_xid is 32 bits: two
 * running xids differ by less than 2^31, so the low 32 bits of an xip entry identify it.
 *
 * pg_stat_activity must be read AFTER `s` was taken: a backend slot of another database's backend can
 * be reused by one of ours while pg_stat_activity copies it (its database from the old backend, its
 * xid from the new one); an xid that was already running when `s` was taken cannot be such a new
 * backend's. PostgreSQL caches pg_stat_activity for the rest of a transaction at its first read, so
 * the statement checks that its copy was made during the statement itself — its own backend's
 * query_start is the statement's statement_timestamp() — and otherwise (an earlier statement of the
 * same transaction read pg_stat_activity) falls back to the cluster-wide pg_snapshot_xmin(s).
 * (A multi-statement simple-protocol string shares one timestamp and would pass the check with a
 * copy made by an earlier statement of the string: this statement is only ever sent alone.)
 */
export async function readCommitted(
  runner: Db | Tx,
  topic: string,
  from: LogPosition,
  limit: number,
): Promise<LogRow[]> {
  return (await readLog(runner, topic, from, limit)).rows;
}

/** A read of the log: the rows deliverable now, and whether committed rows wait behind the horizon. */
export interface LogRead {
  readonly rows: LogRow[];
  /**
   * True when a row after `rows` is committed but not yet deliverable: a transaction of this
   * database older than its appender was still running. Its end is not signalled (it may append
   * nothing), so a reader woken by a commit signal must read again soon, not sleep the signals'
   * long fallback (decision 0620).
   */
  readonly heldBack: boolean;
}

/**
 * `readCommitted`, and whether rows are held back by the horizon. The same statement: the rows
 * after `from` in (tx_id, id) order, each flagged `ready` when its tx_id is below the horizon; the
 * ready ones come first (the flag is monotone in that order), the first row not ready ends the
 * read. A row not ready comes without its value and headers.
 *
 * The final ORDER BY names the CTE's columns (`a.tx_id`): a bare `tx_id` there is the output
 * column, the text cast, and sorted "1000" before "998" — with a held-back row in between, the
 * read ended before the smaller ids and the offset moved past them for good (session 22: the
 * demo start lost 7 property-object-upserted messages when xids crossed 1,000).
 */
export async function readLog(
  runner: Db | Tx,
  topic: string,
  from: LogPosition,
  limit: number,
): Promise<LogRead> {
  const read = await runner.$queryRaw<Array<LogRow & { ready: boolean }>>`
    WITH snap AS MATERIALIZED (SELECT pg_current_snapshot() AS s),
    activity AS MATERIALIZED (SELECT pid, datid, backend_xid, query_start FROM pg_stat_activity),
    horizon AS MATERIALIZED (
      SELECT CASE
        WHEN (SELECT a.query_start = statement_timestamp() FROM activity a WHERE a.pid = pg_backend_pid())
        THEN coalesce(
          (SELECT min(x) FROM pg_snapshot_xip(snap.s) AS x
           WHERE NOT EXISTS (
             SELECT 1 FROM activity a
             WHERE a.backend_xid IS NOT NULL
               AND a.datid <> (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
               AND a.backend_xid::text::bigint = x::text::bigint % 4294967296)),
          pg_snapshot_xmax(snap.s))
        ELSE pg_snapshot_xmin(snap.s)
      END AS h
      FROM snap
    ),
    after AS (
      SELECT id, tx_id, topic, key, value, headers, tx_id < (SELECT h FROM horizon) AS ready
      FROM platform.event_log
      WHERE topic = ${topic}
        AND (tx_id, id) > (${from.txId}::xid8, ${from.id})
      ORDER BY tx_id, id
      LIMIT ${limit}
    )
    SELECT a.id, a.tx_id::text AS tx_id, a.topic, a.key,
      CASE WHEN a.ready THEN a.value END AS value, CASE WHEN a.ready THEN a.headers END AS headers, a.ready
    FROM after a
    ORDER BY a.tx_id, a.id`;
  const held = read.findIndex((row) => !row.ready);
  const rows = (held === -1 ? read : read.slice(0, held)).map(({ ready: _, ...row }) => row);
  return { rows, heldBack: held !== -1 };
}
