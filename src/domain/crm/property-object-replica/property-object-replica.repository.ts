import type { Tx } from "../../../platform/db/prisma-client.js";

export interface ReplicaUpsert {
  readonly id: string;
  readonly tenantId: string;
  readonly projectId: string | null;
  readonly buildingId: string | null;
  readonly status: string;
  readonly version: number;
  /** HoldBookingId of a status change; undefined when the event does not carry it (upserted) */
  readonly holdBookingId: string | null | undefined;
}

/**
 * Monotonic upsert: a row changes only when the incoming Version is newer, so redelivered or
 * reordered chessboard events never move the replica back. Returns whether it applied.
 */
export async function upsertReplicaIfNewer(tx: Tx, r: ReplicaUpsert, now: Date): Promise<boolean> {
  // Without a HoldBookingId (property-object-upserted) the holder is kept while the status stays.
  const known = r.holdBookingId !== undefined;
  const holdBookingId = r.holdBookingId ?? null;
  const changed = await tx.$executeRaw`
    INSERT INTO crm.property_objects (id, tenant_id, project_id, building_id, status, version, updated_at, hold_booking_id)
    VALUES (${r.id}::uuid, ${r.tenantId}::uuid, ${r.projectId}::uuid, ${r.buildingId}::uuid, ${r.status},
            ${r.version}, ${now}, ${holdBookingId}::uuid)
    ON CONFLICT (id) DO UPDATE
      SET tenant_id = EXCLUDED.tenant_id,
          project_id = COALESCE(EXCLUDED.project_id, crm.property_objects.project_id),
          building_id = COALESCE(EXCLUDED.building_id, crm.property_objects.building_id),
          status = EXCLUDED.status,
          version = EXCLUDED.version,
          updated_at = EXCLUDED.updated_at,
          hold_booking_id = CASE
            WHEN ${known}::boolean THEN EXCLUDED.hold_booking_id
            WHEN EXCLUDED.status = crm.property_objects.status THEN crm.property_objects.hold_booking_id
            ELSE NULL END
      WHERE crm.property_objects.version < EXCLUDED.version`;
  return changed > 0;
}
