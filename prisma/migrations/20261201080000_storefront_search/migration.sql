-- Issue 27: storefront search — full text (Russian), trigram typos (pg_trgm where it works), map
-- search on the project's coordinates, the new filters' indexes, saved searches and their alerts.
-- See docs/catalog.md ("Search") and decisions 0360–0366.

-- pg_trgm where the server has it; without it the search is full text only (decision 0361).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): storefront search is full text only', SQLERRM;
END
$$;

-- Case folding that does not depend on the database's ctype: with --locale=C (the embedded
-- PostgreSQL) lower() leaves Cyrillic alone, and to_tsvector would keep «Красногорск» capitalised.
CREATE FUNCTION catalog.search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN translate(lower(t),
  'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё',
  'абвгдеежзийклмнопрстуфхцчшщъыьэюяе');

-- The words a buyer types for a room count («двухкомнатная», «2-комн.», «двушка»).
CREATE FUNCTION catalog.search_rooms_words(rooms integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE rooms
  WHEN 0 THEN 'студия'
  WHEN 1 THEN 'однокомнатная 1-комнатная 1-комн однушка'
  WHEN 2 THEN 'двухкомнатная 2-комнатная 2-комн двушка'
  WHEN 3 THEN 'трехкомнатная 3-комнатная 3-комн трешка'
  WHEN 4 THEN 'четырехкомнатная 4-комнатная 4-комн'
  WHEN 5 THEN 'пятикомнатная 5-комнатная 5-комн'
  ELSE coalesce(rooms::text || '-комнатная ' || rooms::text || '-комн', '')
END;

-- Map search on the project's coordinates, denormalised like the other project fields.
ALTER TABLE catalog.property_object_cards
  ADD COLUMN geo_latitude DECIMAL(9,6),
  ADD COLUMN geo_longitude DECIMAL(9,6);
UPDATE catalog.property_object_cards l
SET geo_latitude = p.geo_latitude, geo_longitude = p.geo_longitude
FROM catalog.project_cards p
WHERE p.id = l.project_id AND p.geo_latitude IS NOT NULL;

-- The search document (weights: A title/rooms/type and project, B building and developer,
-- C address, city, region) and the folded text trigrams are matched against.
ALTER TABLE catalog.property_object_cards
  ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('russian'::regconfig, catalog.search_fold(
      title || ' ' || type_name || ' ' || catalog.search_rooms_words(rooms_count))), 'A') ||
    setweight(to_tsvector('russian'::regconfig, catalog.search_fold(coalesce(project_name, ''))), 'A') ||
    setweight(to_tsvector('russian'::regconfig, catalog.search_fold(
      coalesce(building_name, '') || ' ' || coalesce(developer_name, ''))), 'B') ||
    setweight(to_tsvector('russian'::regconfig, catalog.search_fold(
      coalesce(address, '') || ' ' || coalesce(city_name, '') || ' ' || coalesce(region_name, ''))), 'C')
  ) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    catalog.search_fold(title || ' ' || coalesce(project_name, '') || ' ' || coalesce(building_name, '')
      || ' ' || coalesce(developer_name, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city_name, ''))
  ) STORED;

CREATE INDEX "lots_search_document_idx" ON "catalog"."property_object_cards" USING gin ("search_document") WHERE "status" = 'Published';
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "lots_search_trgm_idx" ON "catalog"."property_object_cards"
      USING gin ("search_text" gin_trgm_ops) WHERE "status" = 'Published';
  END IF;
END
$$;

-- The new filters: each has a partial index the planner can combine (bitmap AND) with the others.
CREATE INDEX "lots_geo_idx" ON "catalog"."property_object_cards"("geo_latitude", "geo_longitude") WHERE "status" = 'Published' AND "geo_latitude" IS NOT NULL;
CREATE INDEX "lots_class_price_idx" ON "catalog"."property_object_cards"("property_class", "price", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_construction_idx" ON "catalog"."property_object_cards"("construction_status") WHERE "status" = 'Published';
CREATE INDEX "lots_readiness_idx" ON "catalog"."property_object_cards"("readiness_percent") WHERE "status" = 'Published';
CREATE INDEX "lots_distance_idx" ON "catalog"."property_object_cards"("distance_minutes") WHERE "status" = 'Published';
CREATE INDEX "lots_floor_idx" ON "catalog"."property_object_cards"("floor") WHERE "status" = 'Published';

-- Saved searches (decision 0363): a signed-in user's named filter, at most 20 a user (enforced by
-- the service under a per-user advisory lock).
CREATE TABLE "catalog"."saved_searches" (
  "id" UUID NOT NULL,
  "user_id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "filter" JSONB NOT NULL,
  "query" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "saved_searches_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "saved_searches_name_length" CHECK (char_length("name") BETWEEN 1 AND 100),
  CONSTRAINT "saved_searches_query_length" CHECK ("query" IS NULL OR char_length("query") <= 200)
);
CREATE INDEX "saved_searches_user_idx" ON "catalog"."saved_searches"("user_id", "created_at");

-- The catalog's outbox of alert-worthy card changes (decision 0364): written by the database at
-- every write point of a lot card (sync flows, overrides, their expiry, rebuilds), consumed and
-- deleted by the saved-search alert worker.
CREATE TABLE "catalog"."lot_alert_changes" (
  "id" BIGINT GENERATED ALWAYS AS IDENTITY,
  "lot_id" UUID NOT NULL,
  "kind" TEXT NOT NULL,
  "old_price" DECIMAL(14,2),
  "new_price" DECIMAL(14,2) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "lot_alert_changes_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "lot_alert_changes_kind_check" CHECK ("kind" IN ('Published', 'BackToFree', 'PriceDrop'))
);

CREATE FUNCTION catalog.record_lot_alert_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog.lot_alert_changes (lot_id, kind, old_price, new_price)
  SELECT n.id,
    CASE WHEN o.status <> 'Published' THEN 'Published'
         WHEN o.property_object_status <> 'Free' THEN 'BackToFree'
         ELSE 'PriceDrop' END,
    o.price, n.price
  FROM new_cards n JOIN old_cards o ON o.id = n.id
  WHERE n.status = 'Published' AND n.property_object_status = 'Free'
    AND (o.status <> 'Published' OR o.property_object_status <> 'Free' OR n.price < o.price)
    -- nobody to alert: nothing to record (the common case of a catalog without saved searches)
    AND EXISTS (SELECT 1 FROM catalog.saved_searches);
  RETURN NULL;
END
$$;

CREATE TRIGGER "lot_cards_alert_changes" AFTER UPDATE ON "catalog"."property_object_cards"
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.record_lot_alert_changes();

-- At most one alert per saved search and lot a day (decision 0365).
CREATE TABLE "catalog"."saved_search_alerts" (
  "saved_search_id" UUID NOT NULL,
  "lot_id" UUID NOT NULL,
  "day" DATE NOT NULL,
  CONSTRAINT "saved_search_alerts_pkey" PRIMARY KEY ("saved_search_id", "lot_id", "day"),
  CONSTRAINT "saved_search_alerts_search_fkey" FOREIGN KEY ("saved_search_id") REFERENCES "catalog"."saved_searches"("id") ON DELETE CASCADE
);
CREATE INDEX "saved_search_alerts_day_idx" ON "catalog"."saved_search_alerts"("day");

-- Notifications that are not about a deal: a saved search's match names the lot and the search.
ALTER TABLE "notifications"."notifications"
  ALTER COLUMN "deal_id" DROP NOT NULL,
  ADD COLUMN "lot_id" UUID,
  ADD COLUMN "saved_search_id" UUID;
