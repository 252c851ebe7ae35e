-- catalog: the storefront projection of chessboard (see prisma/schema/catalog.prisma, docs/catalog.md).
-- Columns named source_* are the SourceSnapshot (what chessboard said); the unprefixed twins are the
-- effective values (Override ?? SourceSnapshot) that the storefront reads. Only catalog writes here.

CREATE TABLE "catalog"."project_cards" (
  "id" UUID NOT NULL,
  "developer_id" UUID NOT NULL,
  "developer_name" TEXT NOT NULL,
  "developer_logo_file_id" UUID,
  "status" TEXT NOT NULL,
  "source_status" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "kind_mismatch_count" INTEGER NOT NULL DEFAULT 0,
  "property_class" TEXT NOT NULL,
  "construction_status" TEXT NOT NULL,
  "region_id" INTEGER,
  "region_name" TEXT,
  "city_id" INTEGER,
  "city_name" TEXT,
  "cover_file_id" UUID,
  "short_description" TEXT,
  "geo_latitude" DECIMAL(9,6),
  "geo_longitude" DECIMAL(9,6),
  "name" TEXT NOT NULL,
  "address" TEXT NOT NULL,
  "stars" INTEGER,
  "delivery_date" DATE,
  "readiness_percent" INTEGER,
  "distance_minutes" INTEGER,
  "source_contract_version" INTEGER NOT NULL,
  "source_name" TEXT NOT NULL,
  "source_address" TEXT NOT NULL,
  "source_stars" INTEGER,
  "source_delivery_date" DATE,
  "source_readiness_percent" INTEGER,
  "source_distance_minutes" INTEGER,
  "chessboard_version" BIGINT NOT NULL,
  "min_price" DECIMAL(14,2),
  "max_price" DECIMAL(14,2),
  "property_objects_total" INTEGER NOT NULL DEFAULT 0,
  "property_objects_available" INTEGER NOT NULL DEFAULT 0,
  "aggregates_recomputed_at" TIMESTAMPTZ(3),
  "developer_priority" INTEGER NOT NULL DEFAULT 0,
  "promotion_boost" DECIMAL(12,4) NOT NULL DEFAULT 0,
  "popularity_views" BIGINT NOT NULL DEFAULT 0,
  "popularity_score" DECIMAL(12,4) NOT NULL DEFAULT 0,
  "published_at" TIMESTAMPTZ(3),
  "chessboard_synced_at" TIMESTAMPTZ(3) NOT NULL,
  "row_version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "project_cards_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "project_cards_status_check" CHECK ("status" IN ('Published', 'Hidden', 'Delisted')),
  CONSTRAINT "project_cards_source_status_check" CHECK ("source_status" IN ('Published', 'Hidden', 'Delisted'))
);
CREATE INDEX "project_cards_developer_id_idx" ON "catalog"."project_cards"("developer_id");
-- projectCards(filter): Published only, by region/city, newest first.
CREATE INDEX "project_cards_published_region_idx" ON "catalog"."project_cards"("region_id", "id") WHERE "status" = 'Published';
CREATE INDEX "project_cards_published_city_idx" ON "catalog"."project_cards"("city_id", "id") WHERE "status" = 'Published';
CREATE INDEX "project_cards_published_newest_idx" ON "catalog"."project_cards"("published_at" DESC, "id" DESC) WHERE "status" = 'Published';

-- One row per building chessboard told us about: lets a property object created after its
-- building's event pick up the building fields (decision 0085).
CREATE TABLE "catalog"."building_snapshots" (
  "id" UUID NOT NULL,
  "project_id" UUID NOT NULL,
  "name" TEXT NOT NULL,
  "floors_total" INTEGER NOT NULL,
  "delivery_date" DATE,
  "readiness_percent" INTEGER,
  "chessboard_version" BIGINT NOT NULL,
  "chessboard_synced_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "building_snapshots_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "building_snapshots_project_id_idx" ON "catalog"."building_snapshots"("project_id");

CREATE TABLE "catalog"."property_object_cards" (
  "id" UUID NOT NULL,
  "project_id" UUID NOT NULL,
  "building_id" UUID NOT NULL,
  "developer_id" UUID NOT NULL,
  "layout_id" UUID,
  "layout_group_id" UUID,
  "status" TEXT NOT NULL,
  "property_object_status" TEXT NOT NULL,
  "number" TEXT NOT NULL,
  "floor" INTEGER NOT NULL,
  "rooms_count" INTEGER NOT NULL,
  "area_total" DECIMAL(10,2) NOT NULL,
  "area_living" DECIMAL(10,2),
  "view" TEXT,
  "property_type" TEXT,
  "type_name" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "price" DECIMAL(14,2) NOT NULL,
  "price_per_meter" DECIMAL(14,2) NOT NULL,
  "badge" TEXT,
  "stars" INTEGER,
  "delivery_date" DATE,
  "readiness_percent" INTEGER,
  "distance_minutes" INTEGER,
  "source_contract_version" INTEGER NOT NULL,
  "source_title" TEXT NOT NULL,
  "source_price" DECIMAL(14,2) NOT NULL,
  "source_badge" TEXT,
  "source_stars" INTEGER,
  "source_delivery_date" DATE,
  "source_readiness_percent" INTEGER,
  "source_distance_minutes" INTEGER,
  "chessboard_version" BIGINT NOT NULL,
  -- denormalised from the project card (the lots feed reads one row per lot, no joins)
  "project_name" TEXT,
  "project_kind" TEXT,
  "property_class" TEXT,
  "construction_status" TEXT,
  "region_id" INTEGER,
  "region_name" TEXT,
  "city_id" INTEGER,
  "city_name" TEXT,
  "address" TEXT,
  "developer_name" TEXT,
  "cover_file_id" UUID,
  -- denormalised from the building
  "building_name" TEXT,
  "floors_total" INTEGER,
  "agent_commission" DECIMAL(14,2),
  "commission_recomputed_at" TIMESTAMPTZ(3),
  "developer_priority" INTEGER NOT NULL DEFAULT 0,
  "promotion_boost" DECIMAL(12,4) NOT NULL DEFAULT 0,
  "popularity_views" BIGINT NOT NULL DEFAULT 0,
  "popularity_score" DECIMAL(12,4) NOT NULL DEFAULT 0,
  "published_at" TIMESTAMPTZ(3),
  "chessboard_synced_at" TIMESTAMPTZ(3) NOT NULL,
  "row_version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "property_object_cards_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "property_object_cards_status_check" CHECK ("status" IN ('Published', 'Hidden', 'Delisted')),
  CONSTRAINT "property_object_cards_po_status_check" CHECK ("property_object_status" IN ('Free', 'Reserved', 'Booked', 'Sold', 'Hidden'))
);
-- cascades (batches of 500 by id within a project / building / developer)
CREATE INDEX "property_object_cards_project_id_idx" ON "catalog"."property_object_cards"("project_id", "id");
CREATE INDEX "property_object_cards_building_id_idx" ON "catalog"."property_object_cards"("building_id", "id");
CREATE INDEX "property_object_cards_developer_id_idx" ON "catalog"."property_object_cards"("developer_id");
-- the lots feed: Published rows only; one keyset index per sort (value, id), the filters as
-- partial indexes the planner combines (bitmap AND) or walks in sort order with a filter.
CREATE INDEX "lots_price_idx" ON "catalog"."property_object_cards"("price", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_price_per_meter_idx" ON "catalog"."property_object_cards"("price_per_meter", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_area_idx" ON "catalog"."property_object_cards"("area_total", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_delivery_idx" ON "catalog"."property_object_cards"("delivery_date", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_newest_idx" ON "catalog"."property_object_cards"("published_at" DESC, "id" DESC) WHERE "status" = 'Published';
CREATE INDEX "lots_city_price_idx" ON "catalog"."property_object_cards"("city_id", "price", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_region_price_idx" ON "catalog"."property_object_cards"("region_id", "price", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_project_price_idx" ON "catalog"."property_object_cards"("project_id", "price", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_developer_idx" ON "catalog"."property_object_cards"("developer_id", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_rooms_price_idx" ON "catalog"."property_object_cards"("rooms_count", "price", "id") WHERE "status" = 'Published';
CREATE INDEX "lots_kind_type_idx" ON "catalog"."property_object_cards"("project_kind", "property_type") WHERE "status" = 'Published';

-- Display overrides set by platform staff (one live row per target; NULL column = no override of
-- that field; expires_at NULL = until removed). "Live" = expires_at IS NULL OR expires_at > now.
CREATE TABLE "catalog"."project_display_overrides" (
  "project_id" UUID NOT NULL,
  "name" TEXT,
  "address" TEXT,
  "stars" INTEGER,
  "delivery_date" DATE,
  "readiness_percent" INTEGER,
  "distance_minutes" INTEGER,
  "is_visible" BOOLEAN,
  "expires_at" TIMESTAMPTZ(3),
  "set_by" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "project_display_overrides_pkey" PRIMARY KEY ("project_id")
);
CREATE INDEX "project_display_overrides_expires_at_idx" ON "catalog"."project_display_overrides"("expires_at") WHERE "expires_at" IS NOT NULL;

CREATE TABLE "catalog"."building_display_overrides" (
  "building_id" UUID NOT NULL,
  "project_id" UUID NOT NULL,
  "delivery_date" DATE,
  "readiness_percent" INTEGER,
  "stars" INTEGER,
  "distance_minutes" INTEGER,
  "is_visible" BOOLEAN,
  "expires_at" TIMESTAMPTZ(3),
  "set_by" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "building_display_overrides_pkey" PRIMARY KEY ("building_id")
);
CREATE INDEX "building_display_overrides_project_id_idx" ON "catalog"."building_display_overrides"("project_id");
CREATE INDEX "building_display_overrides_expires_at_idx" ON "catalog"."building_display_overrides"("expires_at") WHERE "expires_at" IS NOT NULL;

CREATE TABLE "catalog"."property_object_display_overrides" (
  "property_object_id" UUID NOT NULL,
  "title" TEXT,
  "price" DECIMAL(14,2),
  "badge" TEXT,
  "is_visible" BOOLEAN,
  "expires_at" TIMESTAMPTZ(3),
  "set_by" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "property_object_display_overrides_pkey" PRIMARY KEY ("property_object_id")
);
CREATE INDEX "property_object_display_overrides_expires_at_idx" ON "catalog"."property_object_display_overrides"("expires_at") WHERE "expires_at" IS NOT NULL;
