import type { RawTx } from "../../../../platform/db/raw-tx.js";
import type { RecomputeTargets } from "./recompute-targets.js";

/**
 * The one "which projects do these rows touch" read of a card recompute: the projects named, the
 * projects the buildings' lot cards and building snapshots belong to, and the projects of the
 * lots — one statement, sorted, before the lock (lock-target-projects.ts).
 */
export async function projectsTouched(tx: RawTx, targets: RecomputeTargets): Promise<string[]> {
  const ids = new Set(targets.projectIds ?? []);
  const buildings = [...new Set(targets.buildingIds ?? [])];
  const lots = [...new Set(targets.propertyObjectIds ?? [])];
  if (buildings.length > 0 || lots.length > 0) {
    const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
      SELECT DISTINCT project_id::text FROM catalog.property_object_cards
      WHERE building_id = ANY(${buildings}::uuid[]) OR id = ANY(${lots}::uuid[])
      UNION
      SELECT project_id::text FROM catalog.building_snapshots WHERE id = ANY(${buildings}::uuid[])`;
    for (const r of rows) ids.add(r.project_id);
  }
  return [...ids].sort();
}
