-- Issue 27, decision 0535: the region and city facets list every region / city with a Published
-- project, labelled by its most recently synced project (DISTINCT ON (region_id) ... ORDER BY
-- region_id, chessboard_synced_at DESC, id). These partial covering indexes answer that in index
-- order from the index alone (no sort of the project cards, no heap); like the other partial
-- indexes of the storefront they live in the migrations only (Prisma's schema cannot express them).
CREATE INDEX "project_cards_published_region_label_idx" ON "catalog"."project_cards"
  ("region_id", "chessboard_synced_at" DESC, "id") INCLUDE ("region_name") WHERE "status" = 'Published';
CREATE INDEX "project_cards_published_city_label_idx" ON "catalog"."project_cards"
  ("city_id", "chessboard_synced_at" DESC, "id") INCLUDE ("city_name") WHERE "status" = 'Published';
