import { executeNamed } from "../../../platform/db/sql-runner.js";
async function findDeveloperReplica(db, id) {
  const row = await db.crmDeveloperReplica.findUnique({ where: { id } });
  return row ? { id: row.id, status: row.status, version: row.version } : null;
}
const DEVELOPER_UPSERT_IF_NEWER = `
    INSERT INTO crm.developers (id, status, version, updated_at)
    VALUES ($1::uuid, $2, $3::int, $4::timestamptz)
    ON CONFLICT (id) DO UPDATE
      SET status = EXCLUDED.status, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
      WHERE crm.developers.version < EXCLUDED.version`;
async function upsertDeveloperReplicaIfNewer(db, d, now) {
  const changed = await executeNamed(db, "crm_developer_replica_upsert_if_newer", DEVELOPER_UPSERT_IF_NEWER, [
    d.id,
    d.status,
    d.version,
    now
  ]);
  return changed > 0;
}
export {
  findDeveloperReplica,
  upsertDeveloperReplicaIfNewer
};
//# sourceMappingURL=developer-replica.repository.js.map
