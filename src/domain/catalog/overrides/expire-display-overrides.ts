/**
 * The expiry of display overrides: an override past its expires_at already counts as absent in
 * every recompute, but the cards keep the values it produced until something recomputes them.
 * This deletes a batch of expired overrides (oldest first, SKIP LOCKED so replicas share the work)
 * and recomputes their targets in the same transaction.
 */
import type { Db } from "../../../platform/db/prisma-client.js";
import { recomputeCards } from "../cards/recompute-cards.js";

export interface ExpiredOverrides {
  readonly projects: number;
  readonly buildings: number;
  readonly propertyObjects: number;
}

const TX_TIMEOUT_MS = 120_000;

export async function expireDisplayOverrides(
  db: Db,
  now: Date,
  batchSize: number,
): Promise<ExpiredOverrides> {
  return db.$transaction(
    async (tx) => {
      const projects = await tx.$queryRaw<Array<{ id: string }>>`
        DELETE FROM catalog.project_display_overrides WHERE project_id IN (
          SELECT project_id FROM catalog.project_display_overrides
          WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING project_id::text AS id`;
      const buildings = await tx.$queryRaw<Array<{ id: string }>>`
        DELETE FROM catalog.building_display_overrides WHERE building_id IN (
          SELECT building_id FROM catalog.building_display_overrides
          WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING building_id::text AS id`;
      const lots = await tx.$queryRaw<Array<{ id: string }>>`
        DELETE FROM catalog.property_object_display_overrides WHERE property_object_id IN (
          SELECT property_object_id FROM catalog.property_object_display_overrides
          WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING property_object_id::text AS id`;
      if (projects.length + buildings.length + lots.length > 0) {
        const targets = {
          projectIds: projects.map((r) => r.id),
          buildingIds: buildings.map((r) => r.id),
          propertyObjectIds: lots.map((r) => r.id),
        };
        await recomputeCards(tx, targets, { now, publishedAt: now });
      }
      return { projects: projects.length, buildings: buildings.length, propertyObjects: lots.length };
    },
    { timeout: TX_TIMEOUT_MS },
  );
}
