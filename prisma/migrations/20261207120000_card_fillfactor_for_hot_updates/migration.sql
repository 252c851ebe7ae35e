-- Issue #43, decision 0630: a lot card's sale-status change (Free → Reserved → Booked → Sold) writes
-- no indexed column and no column of a partial index's predicate — the card stays Published — so
-- PostgreSQL can make it a HOT update (no entry in any of the card's 25 indexes) when the new row
-- version fits on the same page. Cards were packed full (fillfactor 100): every update moved the
-- row and wrote all 25 indexes. 70 % leaves room for a few versions of each card on its page;
-- pages written before this migration get the room as they are rewritten (VACUUM FULL or
-- pg_repack applies it at once).
ALTER TABLE catalog.property_object_cards SET (fillfactor = 70);
