-- Hashed fixed-size dedup keys (issue #26 item 2, decision 0505). A dedup mark was its text key
-- `<group>:<topic>:<messageId>` (~80 characters, sent as a text array and returned per batch); it
-- becomes the first 16 bytes of SHA-256 over that text. Every existing mark is rewritten to the
-- value the runtime now computes (src/platform/events/consumer/dedup-key.ts), so a redelivery of a
-- message marked before the upgrade is still a duplicate after it.
--
-- Upgrade: the text column is dropped, so a consumer of the previous release that is still running
-- while this is applied cannot write a mark any more: its batch fails as an infrastructure error
-- (rolled back whole, offsets not committed, read again by an upgraded instance). It pauses; it
-- cannot apply a message twice or lose one.
CREATE FUNCTION platform.dedup_hash(key TEXT) RETURNS BYTEA
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN substring(sha256(convert_to(key, 'UTF8')) FROM 1 FOR 16);

ALTER TABLE platform.processed_messages ADD COLUMN dedup_hash BYTEA;
UPDATE platform.processed_messages SET dedup_hash = platform.dedup_hash(dedup_key);
ALTER TABLE platform.processed_messages DROP CONSTRAINT processed_messages_pkey;
ALTER TABLE platform.processed_messages DROP COLUMN dedup_key;
ALTER TABLE platform.processed_messages ALTER COLUMN dedup_hash SET NOT NULL;
ALTER TABLE platform.processed_messages
  ADD CONSTRAINT processed_messages_dedup_hash_size CHECK (octet_length(dedup_hash) = 16);
ALTER TABLE platform.processed_messages ADD CONSTRAINT processed_messages_pkey PRIMARY KEY (dedup_hash);
