-- The parked scanners are woken, not polled (decision 0613). A parked message inserted, or one
-- made due earlier than it was (a re-drive by wait key, decision 0580), NOTIFYs `pin_parked` with
-- its consumer group as the payload; PostgreSQL delivers it at commit and folds the same payload
-- of one transaction into one. Every process running that group's scanner reads the group's due
-- heads and its next retry then, instead of polling every 250–500 ms. Row triggers, so a re-drive
-- that changes nothing (the common case: no waiter) and a retry rescheduled later send nothing.
CREATE FUNCTION platform.signal_parked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pin_parked', NEW.group_id);
  RETURN NULL;
END
$$;

CREATE TRIGGER parked_messages_parked_signal
  AFTER INSERT ON platform.parked_messages
  FOR EACH ROW EXECUTE FUNCTION platform.signal_parked();

CREATE TRIGGER parked_messages_due_earlier_signal
  AFTER UPDATE OF next_attempt_at ON platform.parked_messages
  FOR EACH ROW WHEN (NEW.next_attempt_at < OLD.next_attempt_at)
  EXECUTE FUNCTION platform.signal_parked();
