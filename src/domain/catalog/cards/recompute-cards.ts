/**
 * The one place that derives what the storefront reads from what chessboard said and what staff
 * overrode: effective values (Override ?? SourceSnapshot), visibility (INV-1, cascade INV-5) and
 * project aggregates. Everything that changes an input calls it — the sync flows, the display
 * override mutations, their expiry worker and the admin rebuild — so the rules exist once.
 *
 * Set-based: lots are recomputed in batches of LOT_BATCH_SIZE by id (keyset), each batch one
 * UPDATE … FROM that writes only rows whose derived values actually change (IS DISTINCT FROM), so
 * a no-op recompute costs reads only and leaves row_version alone.
 */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Tx } from "../../../platform/db/prisma-client.js";

export const LOT_BATCH_SIZE = 500;

/**
 * Serialises every writer of a project's cards — the sync flows, the override mutations, the
 * rebuild — for the rest of the transaction. Without it two consumers racing on different
 * partitions lose updates: a lot inserted while its project's cascade runs stays Hidden, and
 * aggregates computed from two snapshots overwrite each other. Ids are locked in sorted order.
 */
export async function lockProjects(tx: Tx, projectIds: readonly string[]): Promise<void> {
  const keys = [...new Set(projectIds)].sort().map((id) => `catalog:project:${id}`);
  if (keys.length === 0) return;
  // One statement however many projects: unnest yields the sorted array in order and the locks
  // are taken row by row in that order, as the loop of one statement per project did.
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${keys}::text[]) AS t(k)`;
}

export type LotScope =
  | { readonly projectId: string }
  | { readonly buildingId: string }
  | { readonly propertyObjectIds: readonly string[] }
  /** Lots each with its own PublishedAt stamp (the event that changed it, in a set-based flow) */
  | { readonly lots: ReadonlyArray<{ readonly id: string; readonly publishedAt: Date }> };

export interface RecomputeTimes {
  /** Overrides live at this instant count (expires_at > now); also updated_at */
  readonly now: Date;
  /** Stamped as published_at on a card's first Published (the event time in the sync flows) */
  readonly publishedAt: Date;
}

export interface RecomputeOptions extends RecomputeTimes {
  /** Called between batches (the consumer's heartbeat keeps the group membership alive) */
  readonly onBatch?: () => Promise<void>;
}

const live = (alias: string, now: Date) =>
  Prisma.sql`(${Prisma.raw(alias)}.expires_at IS NULL OR ${Prisma.raw(alias)}.expires_at > ${now})`;

/**
 * Project cards: effective Name/Address/Stars/DistanceMinutes from the live project override and
 * status from source_status + override visibility. Returns the ids whose card changed.
 */
export async function recomputeProjectCards(
  tx: Tx,
  projectIds: readonly string[],
  times: RecomputeTimes,
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    WITH calc AS (
      SELECT p.id,
        COALESCE(o.name, p.source_name) AS name,
        COALESCE(o.address, p.source_address) AS address,
        COALESCE(o.stars, p.source_stars) AS stars,
        COALESCE(o.distance_minutes, p.source_distance_minutes) AS distance_minutes,
        CASE
          WHEN p.source_status = 'Delisted' THEN 'Delisted'
          WHEN p.source_status = 'Published' AND COALESCE(o.is_visible, true) THEN 'Published'
          ELSE 'Hidden'
        END AS status
      FROM catalog.project_cards p
      LEFT JOIN catalog.project_display_overrides o ON o.project_id = p.id AND ${live("o", times.now)}
      WHERE p.id = ANY(${projectIds}::uuid[])
    )
    UPDATE catalog.project_cards p SET
      name = c.name, address = c.address, stars = c.stars, distance_minutes = c.distance_minutes,
      status = c.status,
      published_at = COALESCE(p.published_at, CASE WHEN c.status = 'Published' THEN ${times.publishedAt}::timestamptz END),
      row_version = p.row_version + 1, updated_at = ${times.now}
    FROM calc c
    WHERE p.id = c.id
      AND (p.name, p.address, p.stars, p.distance_minutes, p.status,
           p.published_at IS NULL AND c.status = 'Published')
          IS DISTINCT FROM (c.name, c.address, c.stars, c.distance_minutes, c.status, false)
    RETURNING p.id`;
  return rows.map((r) => r.id);
}

/** The next keyset batch of the scope's lot ids, each with the PublishedAt stamp it would get. */
function scopeBatch(scope: LotScope, after: string, publishedAt: Date): Prisma.Sql {
  if ("lots" in scope) {
    const ids = scope.lots.map((l) => l.id);
    const stamps = scope.lots.map((l) => l.publishedAt);
    return Prisma.sql`
      SELECT t.id, t.stamp FROM unnest(${ids}::uuid[], ${stamps}::timestamptz[]) AS t(id, stamp)
      JOIN catalog.property_object_cards l ON l.id = t.id
      WHERE t.id > ${after}::uuid ORDER BY t.id LIMIT ${LOT_BATCH_SIZE}`;
  }
  const filter =
    "projectId" in scope
      ? Prisma.sql`project_id = ${scope.projectId}::uuid`
      : "buildingId" in scope
        ? Prisma.sql`building_id = ${scope.buildingId}::uuid`
        : Prisma.sql`id = ANY(${scope.propertyObjectIds as string[]}::uuid[])`;
  return Prisma.sql`
    SELECT id, ${publishedAt}::timestamptz AS stamp FROM catalog.property_object_cards
    WHERE ${filter} AND id > ${after}::uuid ORDER BY id LIMIT ${LOT_BATCH_SIZE}`;
}

export interface LotRecomputeResult {
  readonly scanned: number;
  readonly changed: number;
  readonly batches: number;
}

/**
 * Lots in scope: effective fields, visibility and the denormalised project fields (including the
 * project's snapshot Stars/DistanceMinutes, so a lot created before its project catches up). Delisted lots
 * of a still-delisted project are frozen (INV-7); a lot without a project card is Hidden
 * (INV-2 ProjectFirst: published later by the project's cascade).
 */
export async function recomputeLots(
  tx: Tx,
  scope: LotScope,
  options: RecomputeOptions,
): Promise<LotRecomputeResult> {
  const { now, publishedAt } = options;
  let after = "00000000-0000-0000-0000-000000000000";
  let scanned = 0;
  let changed = 0;
  let batches = 0;
  for (;;) {
    const [row] = await tx.$queryRaw<Array<{ last_id: string | null; n: bigint; changed: bigint }>>`
      WITH batch AS (${scopeBatch(scope, after, publishedAt)}), calc AS (
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
        LEFT JOIN catalog.property_object_display_overrides po ON po.property_object_id = l.id AND ${live("po", now)}
        LEFT JOIN catalog.building_display_overrides bo ON bo.building_id = l.building_id AND ${live("bo", now)}
        LEFT JOIN catalog.project_display_overrides pro ON pro.project_id = l.project_id AND ${live("pro", now)}
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
    const n = Number(row?.n ?? 0);
    if (n === 0) break;
    batches += 1;
    scanned += n;
    changed += Number(row?.changed ?? 0);
    after = row?.last_id as string;
    if (n < LOT_BATCH_SIZE) break;
    await options.onBatch?.();
  }
  return { scanned, changed, batches };
}

/**
 * Project aggregates (INV-2 project-card) over its lots: MinPrice/MaxPrice/PropertyObjectsAvailable
 * over Published ∧ Free, PropertyObjectsTotal over Published; SourceSnapshot.DeliveryDate /
 * ReadinessPercent = minimum over non-delisted lots (conservative), effective ones = project
 * override ?? minimum of the lots' effective values (building overrides included).
 */
export async function recomputeProjectAggregates(
  tx: Tx,
  projectIds: readonly string[],
  times: Pick<RecomputeTimes, "now">,
): Promise<number> {
  if (projectIds.length === 0) return 0;
  return tx.$executeRaw`
    WITH agg AS (
      SELECT p.id,
        min(l.price) FILTER (WHERE l.status = 'Published' AND l.property_object_status = 'Free') AS min_price,
        max(l.price) FILTER (WHERE l.status = 'Published' AND l.property_object_status = 'Free') AS max_price,
        count(l.id) FILTER (WHERE l.status = 'Published')::int AS total,
        count(l.id) FILTER (WHERE l.status = 'Published' AND l.property_object_status = 'Free')::int AS available,
        min(l.source_delivery_date) FILTER (WHERE l.status <> 'Delisted') AS source_delivery_date,
        min(l.source_readiness_percent) FILTER (WHERE l.status <> 'Delisted') AS source_readiness_percent,
        min(l.delivery_date) FILTER (WHERE l.status <> 'Delisted') AS delivery_date,
        min(l.readiness_percent) FILTER (WHERE l.status <> 'Delisted') AS readiness_percent
      FROM catalog.project_cards p
      LEFT JOIN catalog.property_object_cards l ON l.project_id = p.id
      WHERE p.id = ANY(${projectIds}::uuid[])
      GROUP BY p.id
    ), calc AS (
      SELECT a.*, COALESCE(o.delivery_date, a.delivery_date) AS eff_delivery,
             COALESCE(o.readiness_percent, a.readiness_percent) AS eff_readiness
      FROM agg a
      LEFT JOIN catalog.project_display_overrides o ON o.project_id = a.id AND ${live("o", times.now)}
    )
    UPDATE catalog.project_cards p SET
      min_price = c.min_price, max_price = c.max_price,
      property_objects_total = c.total, property_objects_available = c.available,
      source_delivery_date = c.source_delivery_date, source_readiness_percent = c.source_readiness_percent,
      delivery_date = c.eff_delivery, readiness_percent = c.eff_readiness,
      aggregates_recomputed_at = ${times.now}, row_version = p.row_version + 1, updated_at = ${times.now}
    FROM calc c
    WHERE p.id = c.id
      AND (p.min_price, p.max_price, p.property_objects_total, p.property_objects_available,
           p.source_delivery_date, p.source_readiness_percent, p.delivery_date, p.readiness_percent)
        IS DISTINCT FROM
          (c.min_price, c.max_price, c.total, c.available, c.source_delivery_date,
           c.source_readiness_percent, c.eff_delivery, c.eff_readiness)`;
}

export interface RecomputeTargets {
  readonly projectIds?: readonly string[];
  readonly buildingIds?: readonly string[];
  readonly propertyObjectIds?: readonly string[];
}

export interface RecomputeSummary {
  readonly projectsChanged: number;
  readonly lotsScanned: number;
  readonly lotsChanged: number;
  readonly projectsAggregated: number;
}

/**
 * The entry point for override mutations, their expiry and the admin rebuild: recompute the
 * given projects (their card and every lot), buildings (their lots) and lots, then the
 * aggregates of every project touched. Run it inside the caller's transaction.
 */
export async function recomputeCards(
  tx: Tx,
  targets: RecomputeTargets,
  options: RecomputeOptions,
): Promise<RecomputeSummary> {
  const projectIds = new Set(targets.projectIds ?? []);
  await lockProjects(tx, [...projectIds]);
  const changedProjects = await recomputeProjectCards(tx, [...projectIds], options);
  let lotsScanned = 0;
  let lotsChanged = 0;
  const add = (r: LotRecomputeResult) => {
    lotsScanned += r.scanned;
    lotsChanged += r.changed;
  };
  for (const projectId of projectIds) add(await recomputeLots(tx, { projectId }, options));
  const affected = new Set(projectIds);
  for (const buildingId of targets.buildingIds ?? []) {
    add(await recomputeLots(tx, { buildingId }, options));
    const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
      SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE building_id = ${buildingId}::uuid`;
    for (const r of rows) affected.add(r.project_id);
  }
  const ids = [...new Set(targets.propertyObjectIds ?? [])];
  for (let i = 0; i < ids.length; i += LOT_BATCH_SIZE) {
    const slice = ids.slice(i, i + LOT_BATCH_SIZE);
    add(await recomputeLots(tx, { propertyObjectIds: slice }, options));
    const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
      SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE id = ANY(${slice}::uuid[])`;
    for (const r of rows) affected.add(r.project_id);
  }
  const projectsAggregated = await recomputeProjectAggregates(tx, [...affected], options);
  return { projectsChanged: changedProjects.length, lotsScanned, lotsChanged, projectsAggregated };
}
