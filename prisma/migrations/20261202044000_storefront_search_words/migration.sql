-- Issue 27 (performance): the typo path of the storefront search corrects the query's words against
-- a small vocabulary — the distinct folded words of the cards' search_text — instead of matching
-- every card's text by trigrams (decision 0440). The vocabulary is a few thousand rows; the cards
-- are then matched by the full-text GIN index with the corrected words.

CREATE TABLE "catalog"."search_words" (
  "word" TEXT NOT NULL,
  CONSTRAINT "search_words_pkey" PRIMARY KEY ("word"),
  CONSTRAINT "search_words_length" CHECK (char_length("word") BETWEEN 3 AND 64)
);

-- The words a card's folded search_text contributes: runs of 3–64 letters (numbers and one- or
-- two-letter words are matched exactly, never corrected).
CREATE FUNCTION catalog.search_words_of(t text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(t, '[^[:alpha:]]+') AS w WHERE char_length(w) BETWEEN 3 AND 64
$$;

-- Kept by the database at every write point of a lot card (like the alert outbox, decision 0364):
-- one statement per write; only rows whose text changed are split, only words not yet known are
-- inserted (sorted, so two writers adding the same new words take them in the same order).
CREATE FUNCTION catalog.record_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog.search_words (word)
    SELECT DISTINCT w FROM new_cards n, catalog.search_words_of(n.search_text) AS w
    WHERE NOT EXISTS (SELECT 1 FROM catalog.search_words s WHERE s.word = w)
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO catalog.search_words (word)
    SELECT DISTINCT w FROM new_cards n JOIN old_cards o ON o.id = n.id, catalog.search_words_of(n.search_text) AS w
    WHERE n.search_text IS DISTINCT FROM o.search_text
      AND NOT EXISTS (SELECT 1 FROM catalog.search_words s WHERE s.word = w)
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "lot_cards_search_words_insert" AFTER INSERT ON "catalog"."property_object_cards"
  REFERENCING NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.record_search_words();
CREATE TRIGGER "lot_cards_search_words_update" AFTER UPDATE ON "catalog"."property_object_cards"
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.record_search_words();

INSERT INTO catalog.search_words (word)
SELECT DISTINCT w FROM catalog.property_object_cards c, catalog.search_words_of(c.search_text) AS w
ORDER BY 1
ON CONFLICT DO NOTHING;

-- The trigram index the corrections are looked up in (where pg_trgm is installed: decision 0361).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "search_words_trgm_idx" ON "catalog"."search_words" USING gin ("word" gin_trgm_ops);
  END IF;
END
$$;
