import { Prisma } from "../../../../generated/prisma/client.js";
import { liveOverride } from "./live-override.js";

/**
 * The rules that derive a lot card's storefront fields (effective values = override ?? snapshot,
 * visibility INV-1/INV-5, the denormalised project fields), as SQL fragments over the aliases
 * `l` (the lot card), `p` (its project card), `po`/`bo`/`pro` (live lot/building/project
 * overrides). Written once, used by the recompute (recompute-lot-batch.ts) and by the status/price
 * flow's single write, which derives them from the new snapshot in the same statement.
 */
export interface LotSnapshotInputs {
  /** The lot's replicated status (default `l.property_object_status`) */
  readonly propertyObjectStatus: Prisma.Sql;
  /** The lot's snapshot price (default `l.source_price`) */
  readonly sourcePrice: Prisma.Sql;
  /** Its building's delivery date and readiness (default `l.source_delivery_date`, `l.source_readiness_percent`) */
  readonly sourceDeliveryDate?: Prisma.Sql;
  readonly sourceReadinessPercent?: Prisma.Sql;
}

export const STORED_SNAPSHOT: LotSnapshotInputs = {
  propertyObjectStatus: Prisma.sql`l.property_object_status`,
  sourcePrice: Prisma.sql`l.source_price`,
};

/** The joins the derived columns read (after `… catalog.property_object_cards l …`). */
export const derivedLotJoins = (now: Date): Prisma.Sql => Prisma.sql`
      LEFT JOIN catalog.project_cards p ON p.id = l.project_id
      LEFT JOIN catalog.property_object_display_overrides po ON po.property_object_id = l.id AND ${liveOverride("po", now)}
      LEFT JOIN catalog.building_display_overrides bo ON bo.building_id = l.building_id AND ${liveOverride("bo", now)}
      LEFT JOIN catalog.project_display_overrides pro ON pro.project_id = l.project_id AND ${liveOverride("pro", now)}`;

/** The derived columns as a select list (status, title, price, … geo_longitude). */
export function derivedLotColumns(snapshot: LotSnapshotInputs = STORED_SNAPSHOT): Prisma.Sql {
  const { propertyObjectStatus: objectStatus, sourcePrice } = snapshot;
  const deliveryDate = snapshot.sourceDeliveryDate ?? Prisma.sql`l.source_delivery_date`;
  const readiness = snapshot.sourceReadinessPercent ?? Prisma.sql`l.source_readiness_percent`;
  return Prisma.sql`
        CASE
          WHEN p.id IS NULL THEN 'Hidden'
          WHEN p.status = 'Delisted' THEN 'Delisted'
          WHEN p.status = 'Published'
            AND ${objectStatus} <> 'Hidden'
            AND COALESCE(po.price, ${sourcePrice}) > 0
            AND COALESCE(po.is_visible, true)
            AND COALESCE(bo.is_visible, true) THEN 'Published'
          ELSE 'Hidden'
        END AS status,
        COALESCE(po.title, l.source_title) AS title,
        COALESCE(po.price, ${sourcePrice}) AS price,
        round(COALESCE(po.price, ${sourcePrice}) / l.area_total, 2) AS price_per_meter,
        COALESCE(po.badge, l.source_badge) AS badge,
        CASE WHEN p.id IS NULL THEN l.source_stars ELSE p.source_stars END AS source_stars,
        CASE WHEN p.id IS NULL THEN l.source_distance_minutes ELSE p.source_distance_minutes END AS source_distance_minutes,
        COALESCE(bo.stars, pro.stars, CASE WHEN p.id IS NULL THEN l.source_stars ELSE p.source_stars END) AS stars,
        COALESCE(bo.distance_minutes, pro.distance_minutes,
                 CASE WHEN p.id IS NULL THEN l.source_distance_minutes ELSE p.source_distance_minutes END) AS distance_minutes,
        COALESCE(bo.delivery_date, ${deliveryDate}) AS delivery_date,
        COALESCE(bo.readiness_percent, ${readiness}) AS readiness_percent,
        COALESCE(p.name, l.project_name) AS project_name,
        COALESCE(p.kind, l.project_kind) AS project_kind,
        COALESCE(p.property_class, l.property_class) AS property_class,
        COALESCE(p.construction_status, l.construction_status) AS construction_status,
        CASE WHEN p.id IS NULL THEN l.region_id ELSE p.region_id END AS region_id,
        CASE WHEN p.id IS NULL THEN l.region_name ELSE p.region_name END AS region_name,
        CASE WHEN p.id IS NULL THEN l.city_id ELSE p.city_id END AS city_id,
        CASE WHEN p.id IS NULL THEN l.city_name ELSE p.city_name END AS city_name,
        COALESCE(p.address, l.address) AS address,
        COALESCE(p.developer_name, l.developer_name) AS developer_name,
        CASE WHEN p.id IS NULL THEN l.cover_file_id ELSE p.cover_file_id END AS cover_file_id,
        CASE WHEN p.id IS NULL THEN l.geo_latitude ELSE p.geo_latitude END AS geo_latitude,
        CASE WHEN p.id IS NULL THEN l.geo_longitude ELSE p.geo_longitude END AS geo_longitude`;
}

/** SET list writing the derived columns from the CTE row `c`. */
export const DERIVED_LOT_SET = Prisma.sql`
        status = c.status, title = c.title, price = c.price, price_per_meter = c.price_per_meter,
        badge = c.badge, stars = c.stars, distance_minutes = c.distance_minutes,
        source_stars = c.source_stars, source_distance_minutes = c.source_distance_minutes,
        delivery_date = c.delivery_date, readiness_percent = c.readiness_percent,
        project_name = c.project_name, project_kind = c.project_kind, property_class = c.property_class,
        construction_status = c.construction_status, region_id = c.region_id, region_name = c.region_name,
        city_id = c.city_id, city_name = c.city_name, address = c.address,
        developer_name = c.developer_name, cover_file_id = c.cover_file_id,
        geo_latitude = c.geo_latitude, geo_longitude = c.geo_longitude`;

/**
 * True where the card `l` differs from the derived row `c` (a recompute writes only those), or
 * would get its first PublishedAt.
 */
export const DERIVED_LOT_DIFFERS = Prisma.sql`
        (l.status, l.title, l.price, l.price_per_meter, l.badge, l.stars, l.distance_minutes,
         l.source_stars, l.source_distance_minutes,
         l.delivery_date, l.readiness_percent, l.project_name, l.project_kind, l.property_class,
         l.construction_status, l.region_id, l.region_name, l.city_id, l.city_name, l.address,
         l.developer_name, l.cover_file_id, l.geo_latitude, l.geo_longitude,
         l.published_at IS NULL AND c.status = 'Published')
          IS DISTINCT FROM
            (c.status, c.title, c.price, c.price_per_meter, c.badge, c.stars, c.distance_minutes,
             c.source_stars, c.source_distance_minutes,
             c.delivery_date, c.readiness_percent, c.project_name, c.project_kind, c.property_class,
             c.construction_status, c.region_id, c.region_name, c.city_id, c.city_name, c.address,
             c.developer_name, c.cover_file_id, c.geo_latitude, c.geo_longitude, false)`;
