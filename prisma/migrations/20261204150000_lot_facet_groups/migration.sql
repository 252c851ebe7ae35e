-- Issue 27, decision 0534: catalogFilters with q read from a per-project summary of the published
-- lots when q's words are all project-level words. See docs/catalog.md ("Facets with q").

-- The lexemes of a lot's own part of the search document (title, type, room words, building): the
-- words a lot does not share with the rest of its project.
CREATE FUNCTION catalog.lot_part_lexemes(title text, type_name text, rooms integer, building_name text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN tsvector_to_array(
  to_tsvector('russian'::regconfig, catalog.search_fold(
    title || ' ' || type_name || ' ' || catalog.search_rooms_words(rooms))) ||
  to_tsvector('russian'::regconfig, catalog.search_fold(coalesce(building_name, ''))));

-- The rest of the search document: project, developer, address, city, region.
CREATE FUNCTION catalog.project_part_document(
  project_name text, developer_name text, address text, city_name text, region_name text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('russian'::regconfig, catalog.search_fold(coalesce(project_name, ''))) ||
  to_tsvector('russian'::regconfig, catalog.search_fold(coalesce(developer_name, ''))) ||
  to_tsvector('russian'::regconfig, catalog.search_fold(
    coalesce(address, '') || ' ' || coalesce(city_name, '') || ' ' || coalesce(region_name, '')));

-- Every lexeme a lot's own part ever had (add-only, like search_words: a superset only sends more
-- requests down the exact path). A query none of whose lexemes is here matches a lot exactly when
-- it matches the lot's project part.
CREATE TABLE "catalog"."search_lot_lexemes" (
  "lexeme" TEXT NOT NULL,
  CONSTRAINT "search_lot_lexemes_pkey" PRIMARY KEY ("lexeme")
);

-- The published lots grouped the way the facet statement groups its match, per project and per
-- project part of the document. Rebuilt per project by the catalog-facet-groups worker.
CREATE TABLE "catalog"."lot_facet_groups" (
  "project_id" UUID NOT NULL,
  "project_document" tsvector NOT NULL,
  "region_id" INTEGER,
  "region_name" TEXT,
  "city_id" INTEGER,
  "city_name" TEXT,
  "rooms_count" INTEGER NOT NULL,
  "property_class" TEXT,
  "construction_status" TEXT,
  "developer_id" UUID NOT NULL,
  "developer_name" TEXT,
  "project_name" TEXT,
  "quarter" TIMESTAMP(3),
  "n" BIGINT NOT NULL,
  "price_min" DECIMAL(14,2) NOT NULL,
  "price_max" DECIMAL(14,2) NOT NULL,
  "area_total_min" DECIMAL(10,2) NOT NULL,
  "area_total_max" DECIMAL(10,2) NOT NULL,
  "price_per_meter_min" DECIMAL(14,2) NOT NULL,
  "price_per_meter_max" DECIMAL(14,2) NOT NULL,
  "floor_min" INTEGER NOT NULL,
  "floor_max" INTEGER NOT NULL
);
CREATE INDEX "lot_facet_groups_project_idx" ON "catalog"."lot_facet_groups"("project_id");
CREATE INDEX "lot_facet_groups_document_idx" ON "catalog"."lot_facet_groups" USING gin ("project_document");

-- Projects whose lots changed since their groups were built: read live until rebuilt.
CREATE TABLE "catalog"."lot_facet_dirty" (
  "project_id" UUID NOT NULL,
  "since" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "lot_facet_dirty_pkey" PRIMARY KEY ("project_id")
);

-- One statement-level trigger per event (transition tables allow one event each).
CREATE FUNCTION catalog.record_lot_facet_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog.lot_facet_dirty (project_id)
    SELECT DISTINCT project_id FROM new_cards ON CONFLICT DO NOTHING;
    INSERT INTO catalog.search_lot_lexemes (lexeme)
    SELECT DISTINCT x FROM new_cards n,
      unnest(catalog.lot_part_lexemes(n.title, n.type_name, n.rooms_count, n.building_name)) AS x
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO catalog.lot_facet_dirty (project_id)
    SELECT p FROM new_cards n JOIN old_cards o ON o.id = n.id, LATERAL (VALUES (n.project_id), (o.project_id)) v(p)
    WHERE (n.status, n.project_id, n.region_id, n.region_name, n.city_id, n.city_name, n.rooms_count,
           n.property_class, n.construction_status, n.developer_id, n.developer_name, n.project_name,
           n.address, n.delivery_date, n.price, n.area_total, n.price_per_meter, n.floor)
      IS DISTINCT FROM
          (o.status, o.project_id, o.region_id, o.region_name, o.city_id, o.city_name, o.rooms_count,
           o.property_class, o.construction_status, o.developer_id, o.developer_name, o.project_name,
           o.address, o.delivery_date, o.price, o.area_total, o.price_per_meter, o.floor)
    GROUP BY p
    ON CONFLICT DO NOTHING;
    INSERT INTO catalog.search_lot_lexemes (lexeme)
    SELECT DISTINCT x FROM new_cards n JOIN old_cards o ON o.id = n.id,
      unnest(catalog.lot_part_lexemes(n.title, n.type_name, n.rooms_count, n.building_name)) AS x
    WHERE (n.title, n.type_name, n.rooms_count, n.building_name)
      IS DISTINCT FROM (o.title, o.type_name, o.rooms_count, o.building_name)
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO catalog.lot_facet_dirty (project_id)
    SELECT DISTINCT project_id FROM old_cards ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "lot_cards_facet_groups_insert" AFTER INSERT ON "catalog"."property_object_cards"
  REFERENCING NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.record_lot_facet_changes();
CREATE TRIGGER "lot_cards_facet_groups_update" AFTER UPDATE ON "catalog"."property_object_cards"
  REFERENCING NEW TABLE AS new_cards OLD TABLE AS old_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.record_lot_facet_changes();
CREATE TRIGGER "lot_cards_facet_groups_delete" AFTER DELETE ON "catalog"."property_object_cards"
  REFERENCING OLD TABLE AS old_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.record_lot_facet_changes();

-- A TRUNCATE of the cards (tests, a manual reset) leaves no lot: no group either.
CREATE FUNCTION catalog.clear_lot_facet_groups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog.lot_facet_groups;
  DELETE FROM catalog.lot_facet_dirty;
  RETURN NULL;
END
$$;
CREATE TRIGGER "lot_cards_facet_groups_truncate" AFTER TRUNCATE ON "catalog"."property_object_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.clear_lot_facet_groups();

-- What exists now: every project to be built by the worker, every lot's own lexemes.
INSERT INTO catalog.lot_facet_dirty (project_id)
SELECT DISTINCT project_id FROM catalog.property_object_cards;
INSERT INTO catalog.search_lot_lexemes (lexeme)
SELECT DISTINCT x FROM catalog.property_object_cards c,
  unnest(catalog.lot_part_lexemes(c.title, c.type_name, c.rooms_count, c.building_name)) AS x;
