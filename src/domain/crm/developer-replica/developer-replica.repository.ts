import type { DeveloperStatus } from "../../../contracts/chessboard-events.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import type { DeveloperReplica } from "./developer-replica.types.js";

export async function findDeveloperReplica(db: Db | Tx, id: string): Promise<DeveloperReplica | null> {
  const row = await db.crmDeveloperReplica.findUnique({ where: { id } });
  return row ? { id: row.id, status: row.status as DeveloperStatus, version: row.version } : null;
}

/** Monotonic by Version like the property-object replica: redelivery never moves a row back. */
export async function upsertDeveloperReplicaIfNewer(
  tx: Tx,
  d: DeveloperReplica,
  now: Date,
): Promise<boolean> {
  const changed = await tx.$executeRaw`
    INSERT INTO crm.developers (id, status, version, updated_at)
    VALUES (${d.id}::uuid, ${d.status}, ${d.version}, ${now})
    ON CONFLICT (id) DO UPDATE
      SET status = EXCLUDED.status, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
      WHERE crm.developers.version < EXCLUDED.version`;
  return changed > 0;
}
