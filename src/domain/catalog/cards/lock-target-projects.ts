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

/**
 * The sync batch's locks, taken before any flow runs (decision 0218): the projects its messages
 * name, the projects its lots are filed under now (a lot moving to another project writes its old
 * one too) and the projects of the developers it renames — one read, one sorted pass.
 */
export async function lockSyncBatchProjects(
  tx: Tx,
  batch: {
    readonly projectIds: readonly string[];
    readonly lotIds: readonly string[];
    readonly developerIds: readonly string[];
  },
): Promise<void> {
  const ids = new Set(batch.projectIds);
  if (batch.lotIds.length > 0 || batch.developerIds.length > 0) {
    const lots = [...new Set(batch.lotIds)];
    const developers = [...new Set(batch.developerIds)];
    const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
      SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE id = ANY(${lots}::uuid[])
      UNION
      SELECT id::text FROM catalog.project_cards WHERE developer_id = ANY(${developers}::uuid[])`;
    for (const r of rows) ids.add(r.project_id);
  }
  await lockProjects(tx, [...ids]);
}
