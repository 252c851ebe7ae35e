-- Decision 0480: the map clusters (and a bbox/near feed filtered by rooms or price) read the geo index
-- alone — an index-only scan — instead of fetching every lot of the viewport from the heap.
DROP INDEX IF EXISTS "catalog"."lots_geo_idx";
CREATE INDEX "lots_geo_idx" ON "catalog"."property_object_cards"("geo_latitude", "geo_longitude")
  INCLUDE ("rooms_count", "price", "id")
  WHERE "status" = 'Published' AND "geo_latitude" IS NOT NULL;
