import { executeNamed } from "../../../platform/db/sql-runner.js";
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
async function upsertReplicaIfNewer(db, r, now) {
  const known = r.holdBookingId !== void 0;
  const changed = await executeNamed(db, "crm_replica_upsert_if_newer", UPSERT_IF_NEWER, [
    r.id,
    r.tenantId,
    r.projectId,
    r.buildingId,
    r.status,
    r.version,
    now,
    r.holdBookingId ?? null,
    known
  ]);
  return changed > 0;
}
export {
  upsertReplicaIfNewer
};
//# sourceMappingURL=property-object-replica.repository.js.map
