async function readCommitted(runner, topic, from, limit) {
  return (await readLog(runner, topic, from, limit)).rows;
}
async function readLog(runner, topic, from, limit) {
  const read = await runner.$queryRaw`
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
export {
  readCommitted,
  readLog
};
//# sourceMappingURL=read-committed.js.map
