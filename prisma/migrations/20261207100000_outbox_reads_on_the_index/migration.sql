-- The relay's two reads of the unpublished rows, the shard hint and the claim, as functions that
-- always walk the partial index `outbox_unpublished_idx` in id order (decision 0622). Planned by
-- the statistics, both became a bitmap scan whenever the planner expected few unpublished rows (a
-- new database, a quiet outbox): a bitmap scan never marks the index entries of rows published
-- since (dead) as dead, so every read visited every row published since the last vacuum — 0.6 ms a
-- read, 11 reads a booking in the cost bench. An index scan marks them as it passes (once the rows
-- are dead to every transaction), so the next read skips them. Inside the functions only, index
-- scans are on and bitmap and sequential scans off, whatever the session's settings.
-- The shards among the `scan_window` oldest unpublished rows, and how many rows were seen (a full
-- window: more may wait beyond it).
CREATE FUNCTION platform.outbox_unpublished_shards(shards int, scan_window int)
  RETURNS TABLE (found int[], seen int)
  LANGUAGE plpgsql STABLE
  SET enable_indexscan = on SET enable_bitmapscan = off SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
    SELECT array_agg(DISTINCT (abs(hashtext(u.key)::bigint) % shards)::int), count(*)::int
    FROM (
      SELECT w.key FROM platform.outbox w WHERE w.published_at IS NULL ORDER BY w.id LIMIT scan_window
    ) u;
END
$$;

-- The claim takes the shard's transaction-scoped advisory lock first (one statement, not two):
-- when another relay or worker holds it, one row of nulls says so and nothing is read.
CREATE FUNCTION platform.outbox_claim_shard(lock_namespace int, shard int, shards int, batch int, scan_window int)
  RETURNS TABLE (id bigint, topic text, key text, payload text, metadata jsonb)
  LANGUAGE plpgsql VOLATILE
  SET enable_indexscan = on SET enable_bitmapscan = off SET enable_seqscan = off
AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(lock_namespace, shard) THEN
    RETURN QUERY SELECT NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT o.id, o.topic, o.key, o.payload::text, o.metadata
    FROM (
      SELECT w.id, w.topic, w.key, w.payload, w.metadata FROM platform.outbox w
      WHERE w.published_at IS NULL ORDER BY w.id LIMIT greatest(scan_window, batch)
    ) o
    WHERE abs(hashtext(o.key)::bigint) % shards = shard
    ORDER BY o.id
    LIMIT batch;
END
$$;
