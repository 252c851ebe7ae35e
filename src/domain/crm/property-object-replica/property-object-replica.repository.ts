import type { Tx } from "../../../platform/db/prisma-client.js";

export interface ReplicaUpsert {
  readonly id: string;
  readonly tenantId: string;
  readonly projectId: string | null;
  readonly buildingId: string | null;
  readonly status: string;
  readonly version: number;
}

/**
 * Monotonic upsert: a row changes only when the incoming Version is newer, so redelivered or
 * reordered chessboard events never move the replica back. Returns whether it applied.
 */
export async function upsertReplicaIfNewer(tx: Tx, r: ReplicaUpsert, now: Date): Promise<boolean> {
  const changed = await tx.$executeRaw`
    INSERT INTO crm.property_objects (id, tenant_id, project_id, building_id, status, version, updated_at)
    VALUES (${r.id}::uuid, ${r.tenantId}::uuid, ${r.projectId}::uuid, ${r.buildingId}::uuid, ${r.status},
            ${r.version}, ${now})
    ON CONFLICT (id) DO UPDATE
      SET tenant_id = EXCLUDED.tenant_id,
          project_id = COALESCE(EXCLUDED.project_id, crm.property_objects.project_id),
          building_id = COALESCE(EXCLUDED.building_id, crm.property_objects.building_id),
          status = EXCLUDED.status,
          version = EXCLUDED.version,
          updated_at = EXCLUDED.updated_at
      WHERE crm.property_objects.version < EXCLUDED.version`;
  return changed > 0;
}
