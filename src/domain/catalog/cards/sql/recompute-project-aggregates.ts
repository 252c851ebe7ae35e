import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { liveOverride } from "./live-override.js";

/**
 * Project aggregates (INV-2 project-card) over its lots: MinPrice/MaxPrice/PropertyObjectsAvailable
 * over Published ∧ Free, PropertyObjectsTotal over Published; SourceSnapshot.DeliveryDate /
 * ReadinessPercent = minimum over non-delisted lots (conservative), effective ones = project
 * override ?? minimum of the lots' effective values (building overrides included).
 */
export async function recomputeProjectAggregates(
  tx: RawTx,
  projectIds: readonly string[],
  times: { readonly now: Date },
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
      LEFT JOIN catalog.project_display_overrides o ON o.project_id = a.id AND ${liveOverride("o", times.now)}
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
