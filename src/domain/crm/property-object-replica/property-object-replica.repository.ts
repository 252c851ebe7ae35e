import { executeNamed, type PgQueryable } from "../../../platform/db/sql-runner.js";

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

const UPSERT_IF_NEWER = `
    INSERT INTO crm.property_objects (id, tenant_id, project_id, building_id, status, version, updated_at, hold_booking_id)
    VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6::int, $7::timestamptz, $8::uuid)
    ON CONFLICT (id) DO UPDATE
      SET tenant_id = EXCLUDED.tenant_id,
          project_id = COALESCE(EXCLUDED.project_id, crm.property_objects.project_id),
          building_id = COALESCE(EXCLUDED.building_id, crm.property_objects.building_id),
          status = EXCLUDED.status,
          version = EXCLUDED.version,
          updated_at = EXCLUDED.updated_at,
          hold_booking_id = CASE
            WHEN $9::boolean THEN EXCLUDED.hold_booking_id
            WHEN EXCLUDED.status = crm.property_objects.status THEN crm.property_objects.hold_booking_id
            ELSE NULL END
      WHERE crm.property_objects.version < EXCLUDED.version`;

/**
 * Monotonic upsert: a row changes only when the incoming Version is newer, so redelivered or
 * reordered chessboard events never move the replica back. Returns whether it applied. A named
 * prepared statement on the batch's `pg` connection (decision 0615).
 */
export async function upsertReplicaIfNewer(db: PgQueryable, r: ReplicaUpsert, now: Date): Promise<boolean> {
  // Without a HoldBookingId (property-object-upserted) the holder is kept while the status stays.
  const known = r.holdBookingId !== undefined;
  const changed = await executeNamed(db, "crm_replica_upsert_if_newer", UPSERT_IF_NEWER, [
    r.id,
    r.tenantId,
    r.projectId,
    r.buildingId,
    r.status,
    r.version,
    now,
    r.holdBookingId ?? null,
    known,
  ]);
  return changed > 0;
}
