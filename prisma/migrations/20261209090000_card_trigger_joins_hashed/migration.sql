-- Issue #43, decision 0634: the lot card's statement triggers join their transition tables
-- (new_cards ⋈ old_cards on id). PostgreSQL estimates a transition table at one row, so it plans
-- those joins as nested loops: a write of n cards compares n² pairs, in every join of every
-- trigger (a catalog batch of 400 cards: 160,000 pairs per join, ≈ 50 ms each, more than the
-- write itself). Without nested loops the planner hashes one side: n + n. Lateral calls
-- (unnest, the VALUES of both project ids) still run as nested loops, where they must. A disabled
-- plan node is priced at 10^10, which would cross jit_above_cost and compile every statement
-- (≈ 200 ms each): JIT stays off in these functions; their statements are small.
ALTER FUNCTION catalog.record_lot_alert_changes() SET enable_nestloop = off SET jit = off;
ALTER FUNCTION catalog.record_lot_facet_changes() SET enable_nestloop = off SET jit = off;
ALTER FUNCTION catalog.record_search_words() SET enable_nestloop = off SET jit = off;
