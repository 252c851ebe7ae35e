-- The outbox's commit signal may be sent after commit (decision 0500): a NOTIFY inside a writing
-- transaction takes PostgreSQL's database-wide notify lock at commit and holds it through the
-- commit's WAL flush, so every outbox-writing commit waited for the one before it (no group
-- commit). A writer that sets the transaction-local `pin.commit_signal` to 'after-commit' (crm's
-- commands on the pg pool) sends `NOTIFY pin_outbox` itself once committed; every other writer is
-- signalled by this trigger as before.
CREATE OR REPLACE FUNCTION platform.signal_outbox_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('pin.commit_signal', true) IS DISTINCT FROM 'after-commit' THEN
    PERFORM pg_notify('pin_outbox', '');
  END IF;
  RETURN NULL;
END
$$;
