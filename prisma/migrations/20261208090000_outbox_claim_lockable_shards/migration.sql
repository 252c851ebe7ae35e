-- One claim for every shard a relay worker can lock (decision 0633): the oldest unpublished rows
-- (the `scan_window` first of `outbox_unpublished_idx`, in id order, as outbox_claim_shard reads
-- them), each shard's transaction-scoped advisory lock tried the first time the walk meets one of
-- its rows; the rows of the shards taken are returned in id order, up to `batch`, the shards held
-- elsewhere are passed over. A last row, its id null, says how many shards were passed over and how
-- many rows were seen (a full window: more may wait beyond it). A signalled relay pass needs no hint
-- read and no claim per shard: one statement opens its transaction.
-- outbox_claim_shard and outbox_unpublished_shards stay for relays of the previous release during a
-- rolling deploy (the hint still serves a polling pass).
CREATE FUNCTION platform.outbox_claim_lockable_shards(lock_namespace int, shards int, batch int, scan_window int)
  RETURNS TABLE (id bigint, topic text, key text, payload text, metadata jsonb, passed_over int, seen int)
  LANGUAGE plpgsql VOLATILE
  SET enable_indexscan = on SET enable_bitmapscan = off SET enable_seqscan = off
AS $$
DECLARE
  held int[] := '{}';
  refused int[] := '{}';
  r record;
  s int;
  taken int := 0;
  looked int := 0;
BEGIN
  IF batch > 0 THEN
    FOR r IN
      SELECT w.id, w.topic, w.key, w.payload, w.metadata FROM platform.outbox w
      WHERE w.published_at IS NULL ORDER BY w.id LIMIT scan_window
    LOOP
      looked := looked + 1;
      s := (abs(hashtext(r.key)::bigint) % shards)::int;
      CONTINUE WHEN s = ANY(refused);
      IF NOT s = ANY(held) THEN
        IF pg_try_advisory_xact_lock(lock_namespace, s) THEN
          held := held || s;
        ELSE
          refused := refused || s;
          CONTINUE;
        END IF;
      END IF;
      id := r.id; topic := r.topic; key := r.key; payload := r.payload::text; metadata := r.metadata;
      passed_over := NULL; seen := NULL;
      RETURN NEXT;
      taken := taken + 1;
      EXIT WHEN taken >= batch;
    END LOOP;
  END IF;
  id := NULL; topic := NULL; key := NULL; payload := NULL; metadata := NULL;
  passed_over := cardinality(refused); seen := looked;
  RETURN NEXT;
END
$$;

-- The outbox's commit signal carries a payload, 'commit' (decision 0633): the relay tells a commit
-- (rows to claim at once) from the signal connection's own wake-up after it was (re)established or
-- lost (payload ''; anything may have been missed: the hint is read first).
CREATE OR REPLACE FUNCTION platform.signal_outbox_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('pin.commit_signal', true) IS DISTINCT FROM 'after-commit' THEN
    PERFORM pg_notify('pin_outbox', 'commit');
  END IF;
  RETURN NULL;
END
$$;
