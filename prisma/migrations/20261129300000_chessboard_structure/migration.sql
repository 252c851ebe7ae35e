-- chessboard: structure and sale statuses (see prisma/schema/chessboard.prisma).
CREATE TABLE "chessboard"."developers" (
  "id" UUID NOT NULL,
  "name" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "logo_file_id" UUID,
  "version" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "developers_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "chessboard"."projects" (
  "id" UUID NOT NULL,
  "tenant_id" UUID NOT NULL,
  "status" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "type" TEXT NOT NULL,
  "class" TEXT NOT NULL,
  "construction_status" TEXT NOT NULL,
  "country_id" INTEGER NOT NULL,
  "country_name" TEXT NOT NULL,
  "country_iso_code" TEXT NOT NULL,
  "region_id" INTEGER,
  "region_name" TEXT,
  "city_id" INTEGER,
  "city_name" TEXT,
  "stars" INTEGER,
  "cover_image_file_id" UUID,
  "address_line" TEXT NOT NULL,
  "geo_latitude" DECIMAL(9,6),
  "geo_longitude" DECIMAL(9,6),
  "short_description" TEXT,
  "distance_minutes" INTEGER,
  "currency_iso_code" TEXT NOT NULL,
  "version" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "projects_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "projects_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "chessboard"."developers"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "projects_tenant_id_idx" ON "chessboard"."projects"("tenant_id");

CREATE TABLE "chessboard"."buildings" (
  "id" UUID NOT NULL,
  "tenant_id" UUID NOT NULL,
  "project_id" UUID NOT NULL,
  "status" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "floors_total" INTEGER NOT NULL,
  "sections_count" INTEGER NOT NULL,
  "delivery_year" INTEGER,
  "delivery_quarter" INTEGER,
  "readiness_percent" INTEGER,
  "construction_status" TEXT NOT NULL,
  "address_line" TEXT,
  "version" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "buildings_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "buildings_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "chessboard"."projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "buildings_project_id_idx" ON "chessboard"."buildings"("project_id");

CREATE TABLE "chessboard"."property_objects" (
  "id" UUID NOT NULL,
  "tenant_id" UUID NOT NULL,
  "project_id" UUID NOT NULL,
  "building_id" UUID NOT NULL,
  "layout_id" UUID,
  "layout_group_id" UUID,
  "property_type" TEXT NOT NULL,
  "number" TEXT NOT NULL,
  "floor" INTEGER NOT NULL,
  "section" INTEGER,
  "rooms" INTEGER NOT NULL,
  "total_area" DECIMAL(10,2) NOT NULL,
  "living_area" DECIMAL(10,2),
  "price" DECIMAL(14,2) NOT NULL,
  "currency_iso_code" TEXT NOT NULL,
  "window_views" TEXT[],
  "capacity" INTEGER,
  "status" TEXT NOT NULL,
  "hidden_self" BOOLEAN NOT NULL,
  "hidden_by_building" BOOLEAN NOT NULL,
  "hold_deal_id" UUID,
  "hold_booking_id" UUID,
  "hold_booking_version" INTEGER,
  "reserved_until" TIMESTAMPTZ(3),
  "booked_until" TIMESTAMPTZ(3),
  "sold_at" TIMESTAMPTZ(3),
  "status_changed_at" TIMESTAMPTZ(3) NOT NULL,
  "version" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "property_objects_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "property_objects_building_id_fkey" FOREIGN KEY ("building_id") REFERENCES "chessboard"."buildings"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "property_objects_building_id_number_key" ON "chessboard"."property_objects"("building_id", "number");
CREATE INDEX "property_objects_project_id_idx" ON "chessboard"."property_objects"("project_id");
-- The hold-expiration worker scans only held objects.
CREATE INDEX "property_objects_held_idx" ON "chessboard"."property_objects"("reserved_until", "booked_until") WHERE "hold_booking_id" IS NOT NULL;

CREATE TABLE "chessboard"."finished_bookings" (
  "property_object_id" UUID NOT NULL,
  "booking_id" UUID NOT NULL,
  "deal_id" UUID NOT NULL,
  "last_version" INTEGER NOT NULL,
  "outcome" TEXT NOT NULL,
  "finished_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "finished_bookings_pkey" PRIMARY KEY ("property_object_id", "booking_id")
);
