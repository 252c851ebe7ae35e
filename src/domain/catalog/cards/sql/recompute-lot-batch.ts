import { Prisma } from "../../../../generated/prisma/client.js";
import type { Tx } from "../../../../platform/db/prisma-client.js";
import { liveOverride } from "./live-override.js";

export type LotScope =
  | { readonly projectId: string }
  | { readonly buildingId: string }
  | { readonly propertyObjectIds: readonly string[] }
  /** Lots each with its own PublishedAt stamp (the event that changed it, in a set-based flow) */
  | { readonly lots: ReadonlyArray<{ readonly id: string; readonly publishedAt: Date }> };

/** The next keyset batch of the scope's lot ids, each with the PublishedAt stamp it would get. */
function scopeBatch(scope: LotScope, after: string, publishedAt: Date, limit: number): Prisma.Sql {
  if ("lots" in scope) {
    const ids = scope.lots.map((l) => l.id);
    const stamps = scope.lots.map((l) => l.publishedAt);
    return Prisma.sql`
      SELECT t.id, t.stamp FROM unnest(${ids}::uuid[], ${stamps}::timestamptz[]) AS t(id, stamp)
      JOIN catalog.property_object_cards l ON l.id = t.id
      WHERE t.id > ${after}::uuid ORDER BY t.id LIMIT ${limit}`;
  }
  const filter =
    "projectId" in scope
      ? Prisma.sql`project_id = ${scope.projectId}::uuid`
      : "buildingId" in scope
        ? Prisma.sql`building_id = ${scope.buildingId}::uuid`
        : Prisma.sql`id = ANY(${scope.propertyObjectIds as string[]}::uuid[])`;
  return Prisma.sql`
    SELECT id, ${publishedAt}::timestamptz AS stamp FROM catalog.property_object_cards
    WHERE ${filter} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}`;
}

export interface LotBatchResult {
  /** The batch's last lot id (the next batch's keyset start), null when the batch was empty */
  readonly lastId: string | null;
  readonly scanned: number;
  readonly changed: number;
}

/**
 * One keyset batch of lots in scope after `after`: effective fields, visibility and the
 * denormalised project fields, written only where they change (see recompute-cards.ts).
 */
export async function recomputeLotBatch(
  tx: Tx,
  scope: LotScope,
  after: string,
  times: { readonly now: Date; readonly publishedAt: Date },
  limit: number,
): Promise<LotBatchResult> {
  const { now, publishedAt } = times;
  const [row] = await tx.$queryRaw<Array<{ last_id: string | null; n: bigint; changed: bigint }>>`
    WITH batch AS (${scopeBatch(scope, after, publishedAt, limit)}), calc AS (
      SELECT l.id, b.stamp,
        CASE
          WHEN p.id IS NULL THEN 'Hidden'
          WHEN p.status = 'Delisted' THEN 'Delisted'
          WHEN p.status = 'Published'
            AND l.property_object_status <> 'Hidden'
            AND COALESCE(po.price, l.source_price) > 0
            AND COALESCE(po.is_visible, true)
            AND COALESCE(bo.is_visible, true) THEN 'Published'
          ELSE 'Hidden'
        END AS status,
        COALESCE(po.title, l.source_title) AS title,
        COALESCE(po.price, l.source_price) AS price,
        round(COALESCE(po.price, l.source_price) / l.area_total, 2) AS price_per_meter,
        COALESCE(po.badge, l.source_badge) AS badge,
        CASE WHEN p.id IS NULL THEN l.source_stars ELSE p.source_stars END AS source_stars,
        CASE WHEN p.id IS NULL THEN l.source_distance_minutes ELSE p.source_distance_minutes END AS source_distance_minutes,
        COALESCE(bo.stars, pro.stars, CASE WHEN p.id IS NULL THEN l.source_stars ELSE p.source_stars END) AS stars,
        COALESCE(bo.distance_minutes, pro.distance_minutes,
                 CASE WHEN p.id IS NULL THEN l.source_distance_minutes ELSE p.source_distance_minutes END) AS distance_minutes,
        COALESCE(bo.delivery_date, l.source_delivery_date) AS delivery_date,
        COALESCE(bo.readiness_percent, l.source_readiness_percent) AS readiness_percent,
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
        CASE WHEN p.id IS NULL THEN l.geo_longitude ELSE p.geo_longitude END AS geo_longitude
      FROM batch b
      JOIN catalog.property_object_cards l ON l.id = b.id
      LEFT JOIN catalog.project_cards p ON p.id = l.project_id
      LEFT JOIN catalog.property_object_display_overrides po ON po.property_object_id = l.id AND ${liveOverride("po", now)}
      LEFT JOIN catalog.building_display_overrides bo ON bo.building_id = l.building_id AND ${liveOverride("bo", now)}
      LEFT JOIN catalog.project_display_overrides pro ON pro.project_id = l.project_id AND ${liveOverride("pro", now)}
    ), upd AS (
      UPDATE catalog.property_object_cards l SET
        status = c.status, title = c.title, price = c.price, price_per_meter = c.price_per_meter,
        badge = c.badge, stars = c.stars, distance_minutes = c.distance_minutes,
        source_stars = c.source_stars, source_distance_minutes = c.source_distance_minutes,
        delivery_date = c.delivery_date, readiness_percent = c.readiness_percent,
        project_name = c.project_name, project_kind = c.project_kind, property_class = c.property_class,
        construction_status = c.construction_status, region_id = c.region_id, region_name = c.region_name,
        city_id = c.city_id, city_name = c.city_name, address = c.address,
        developer_name = c.developer_name, cover_file_id = c.cover_file_id,
        geo_latitude = c.geo_latitude, geo_longitude = c.geo_longitude,
        published_at = COALESCE(l.published_at, CASE WHEN c.status = 'Published' THEN c.stamp END),
        row_version = l.row_version + 1, updated_at = ${now}
      FROM calc c
      WHERE l.id = c.id
        AND NOT (l.status = 'Delisted' AND c.status = 'Delisted')
        AND (l.status, l.title, l.price, l.price_per_meter, l.badge, l.stars, l.distance_minutes,
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
             c.developer_name, c.cover_file_id, c.geo_latitude, c.geo_longitude, false)
      RETURNING 1
    )
    SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last_id,
           (SELECT count(*) FROM batch) AS n,
           (SELECT count(*) FROM upd) AS changed`;
  return { lastId: row?.last_id ?? null, scanned: Number(row?.n ?? 0), changed: Number(row?.changed ?? 0) };
}
