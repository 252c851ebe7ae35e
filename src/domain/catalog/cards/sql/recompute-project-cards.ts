import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { liveOverride } from "./live-override.js";

export interface RecomputeTimes {
  /** Overrides live at this instant count (expires_at > now); also updated_at */
  readonly now: Date;
  /** Stamped as published_at on a card's first Published (the event time in the sync flows) */
  readonly publishedAt: Date;
}

/**
 * Project cards: effective Name/Address/Stars/DistanceMinutes from the live project override and
 * status from source_status + override visibility. Returns the ids whose card changed.
 */
export async function recomputeProjectCards(
  tx: RawTx,
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
      LEFT JOIN catalog.project_display_overrides o ON o.project_id = p.id AND ${liveOverride("o", times.now)}
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
