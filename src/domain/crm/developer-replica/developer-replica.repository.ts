import type { DeveloperStatus } from "../../../contracts/chessboard-events.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import { executeNamed, type PgQueryable } from "../../../platform/db/sql-runner.js";
import type { DeveloperReplica } from "./developer-replica.types.js";

export async function findDeveloperReplica(db: Db | Tx, id: string): Promise<DeveloperReplica | null> {
  const row = await db.crmDeveloperReplica.findUnique({ where: { id } });
  return row ? { id: row.id, status: row.status as DeveloperStatus, version: row.version } : null;
}

const DEVELOPER_UPSERT_IF_NEWER = `
    INSERT INTO crm.developers (id, status, version, updated_at)
    VALUES ($1::uuid, $2, $3::int, $4::timestamptz)
    ON CONFLICT (id) DO UPDATE
      SET status = EXCLUDED.status, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
      WHERE crm.developers.version < EXCLUDED.version`;

/**
 * Monotonic by Version like the property-object replica: redelivery never moves a row back. A
 * named prepared statement on the batch's `pg` connection (decision 0615).
 */
export async function upsertDeveloperReplicaIfNewer(
  db: PgQueryable,
  d: DeveloperReplica,
  now: Date,
): Promise<boolean> {
  const changed = await executeNamed(db, "crm_developer_replica_upsert_if_newer", DEVELOPER_UPSERT_IF_NEWER, [
    d.id,
    d.status,
    d.version,
    now,
  ]);
  return changed > 0;
}
