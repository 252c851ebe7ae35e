-- Commit signals (issue #26, decision 0485): an insert into the outbox or the local event log
-- NOTIFYs its channel, once per statement; PostgreSQL delivers it at commit (and folds the same
-- signal of one transaction into one). The relay and the local log's readers LISTEN and poll at
-- once instead of waiting out their idle interval; their polling stays the fallback.
CREATE FUNCTION platform.signal_outbox_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pin_outbox', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER outbox_commit_signal
  AFTER INSERT ON platform.outbox
  FOR EACH STATEMENT EXECUTE FUNCTION platform.signal_outbox_commit();

CREATE FUNCTION platform.signal_event_log_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pin_event_log', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER event_log_commit_signal
  AFTER INSERT ON platform.event_log
  FOR EACH STATEMENT EXECUTE FUNCTION platform.signal_event_log_commit();
