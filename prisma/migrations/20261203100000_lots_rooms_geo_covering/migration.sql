-- Decision 0496: the map clusters filtered by rooms (the map's usual filter) read only the viewport's
-- lots of those room counts — an index-only range per room count — instead of every lot of the
-- viewport from lots_geo_idx with the rooms filter applied to each entry.
CREATE INDEX IF NOT EXISTS "lots_rooms_geo_idx" ON "catalog"."property_object_cards"("rooms_count", "geo_latitude", "geo_longitude")
  INCLUDE ("price", "id")
  WHERE "status" = 'Published' AND "geo_latitude" IS NOT NULL;
