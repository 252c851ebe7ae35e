-- Event platform: transactional outbox, local event log (embedded mode), consumer offsets of the
-- local log, consumer dedup keys, parked (retrying) messages and dead letters.
-- Kept in step with prisma/schema/platform.prisma.

CREATE TABLE platform.outbox (
  id              BIGSERIAL PRIMARY KEY,
  message_id      UUID        NOT NULL,
  topic           TEXT        NOT NULL,
  key             TEXT        NOT NULL,
  payload         JSONB       NOT NULL,
  metadata        JSONB       NOT NULL,
  created_at      TIMESTAMPTZ NOT NULL,
  published_at    TIMESTAMPTZ NULL,
  CONSTRAINT outbox_message_id_key UNIQUE (message_id)
);
-- The relay scans only unpublished rows, in id order.
CREATE INDEX outbox_unpublished_idx ON platform.outbox (id) WHERE published_at IS NULL;
-- Retention cleanup of published rows.
CREATE INDEX outbox_published_at_idx ON platform.outbox (published_at) WHERE published_at IS NOT NULL;

CREATE TABLE platform.event_log (
  id           BIGSERIAL PRIMARY KEY,
  -- The appending transaction: readers only see rows whose transaction is older than every
  -- running one, so they read in commit order (ids are not commit order).
  tx_id        XID8        NOT NULL DEFAULT pg_current_xact_id(),
  topic        TEXT        NOT NULL,
  key          TEXT        NOT NULL,
  value        TEXT        NOT NULL,
  headers      JSONB       NOT NULL,
  appended_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX event_log_topic_position_idx ON platform.event_log (topic, tx_id, id);

CREATE TABLE platform.consumer_offsets (
  group_id    TEXT        NOT NULL,
  topic       TEXT        NOT NULL,
  last_tx_id  XID8        NOT NULL DEFAULT '0'::xid8,
  last_id     BIGINT      NOT NULL DEFAULT 0,
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, topic)
);

CREATE TABLE platform.processed_messages (
  dedup_key     TEXT        PRIMARY KEY,
  group_id      TEXT        NOT NULL,
  processed_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX processed_messages_processed_at_idx ON platform.processed_messages (processed_at);

CREATE TABLE platform.parked_messages (
  id               BIGSERIAL PRIMARY KEY,
  group_id         TEXT        NOT NULL,
  topic            TEXT        NOT NULL,
  key              TEXT        NOT NULL,
  partition        INTEGER     NOT NULL,
  "offset"         TEXT        NOT NULL,
  value            TEXT        NOT NULL,
  headers          JSONB       NOT NULL,
  -- failed attempts so far; 0 for a message waiting behind an earlier parked one of its key
  attempts         INTEGER     NOT NULL DEFAULT 0,
  next_attempt_at  TIMESTAMPTZ NOT NULL,
  last_error_code  TEXT        NULL,
  last_error       TEXT        NULL,
  parked_at        TIMESTAMPTZ NOT NULL
);
-- The head of each key (lowest id) is the only one retried; the rest wait behind it.
CREATE INDEX parked_messages_key_idx ON platform.parked_messages (group_id, topic, key, id);
CREATE INDEX parked_messages_due_idx ON platform.parked_messages (group_id, next_attempt_at);

CREATE TABLE platform.dead_letters (
  id           BIGSERIAL PRIMARY KEY,
  group_id     TEXT        NOT NULL,
  topic        TEXT        NOT NULL,
  key          TEXT        NOT NULL,
  partition    INTEGER     NOT NULL,
  "offset"     TEXT        NOT NULL,
  value        TEXT        NOT NULL,
  headers      JSONB       NOT NULL,
  message_id   TEXT        NULL,
  reason       TEXT        NOT NULL,
  error_code   TEXT        NOT NULL,
  attempts     INTEGER     NOT NULL,
  failed_at    TIMESTAMPTZ NOT NULL,
  replayed_at  TIMESTAMPTZ NULL,
  replay_count INTEGER     NOT NULL DEFAULT 0,
  CONSTRAINT dead_letters_source_key UNIQUE (group_id, topic, partition, "offset")
);
CREATE INDEX dead_letters_open_idx ON platform.dead_letters (group_id, failed_at) WHERE replayed_at IS NULL;
