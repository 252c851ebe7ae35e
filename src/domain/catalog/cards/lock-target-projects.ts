import type { Tx } from "../../../platform/db/prisma-client.js";
import { lockProjects, type RecomputeTargets } from "./recompute-cards.js";

/**
 * Takes the catalog's per-project writer lock (lockProjects) for every project the targets touch —
 * the projects named, the projects of the buildings and of the lots — in one sorted pass, before
 * an override change, its expiry or a rebuild recomputes them, so they serialise with the sync
 * flows exactly like the flows among themselves.
 */
export async function lockTargetProjects(tx: Tx, targets: RecomputeTargets): Promise<void> {
  const ids = new Set(targets.projectIds ?? []);
  const buildings = [...(targets.buildingIds ?? [])];
  const lots = [...(targets.propertyObjectIds ?? [])];
  if (buildings.length > 0 || lots.length > 0) {
    const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
      SELECT DISTINCT project_id::text FROM catalog.property_object_cards
      WHERE building_id = ANY(${buildings}::uuid[]) OR id = ANY(${lots}::uuid[])
      UNION
      SELECT project_id::text FROM catalog.building_snapshots WHERE id = ANY(${buildings}::uuid[])`;
    for (const r of rows) ids.add(r.project_id);
  }
  await lockProjects(tx, [...ids]);
}
