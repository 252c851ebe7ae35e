-- Cheaper dedup marks, same guarantee (issue #26 item 2, decision 0538). Every consumed message
-- inserts one mark; on this host the mark of a 500-message batch cost ≈ 4–5 ms, most of it the
-- unique B-tree on the random 16-byte hash (speculative insertion, a descent and memcmp per key)
-- and a second B-tree on processed_at. Measured per 500-key statement, same table, same host:
-- B-tree primary key + B-tree processed_at 3.7–3.9 ms; hash exclusion constraint + BRIN 2.8–3.1 ms.
--
-- * The uniqueness moves from the primary key's B-tree to an exclusion constraint on a hash index
--   (`dedup_hash WITH =`): the same semantics for the runtime — a concurrent insert of the same key
--   waits for the first transaction and then conflicts, and `ON CONFLICT ON CONSTRAINT … DO
--   NOTHING` skips it — with an O(1) bucket insert instead of a B-tree descent.
-- * processed_at is only read by the retention sweep (marks older than the dedup window, in
--   insertion order): a BRIN index (a few pages) instead of a B-tree entry per mark.
--
-- Upgrade: a consumer of the previous release still running while this is applied names
-- `ON CONFLICT (dedup_hash)`, which no longer matches a unique index: its batch fails as an
-- infrastructure error (rolled back whole, offsets not committed, read again by an upgraded
-- instance). It pauses; it cannot apply a message twice or lose one.
ALTER TABLE platform.processed_messages DROP CONSTRAINT processed_messages_pkey;
ALTER TABLE platform.processed_messages
  ADD CONSTRAINT processed_messages_dedup_hash_excl EXCLUDE USING hash (dedup_hash WITH =);
DROP INDEX platform.processed_messages_processed_at_idx;
CREATE INDEX processed_messages_processed_at_brin ON platform.processed_messages USING brin (processed_at);
