import { Prisma } from "../../../generated/prisma/client.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import { lockProjects } from "../cards/recompute-cards.js";

/** What a sync batch writes, as its messages name it (the batch handler's routing collects it). */
export interface SyncLockTargets {
  readonly projectIds: readonly string[];
  readonly lotIds: readonly string[];
  readonly developerIds: readonly string[];
}

/**
 * The one place the sync takes its per-project writer locks (lockProjects), for the whole batch
 * before any flow runs (decision 0218; the flows take none): the projects its messages name, the
 * projects its lots are filed under now (a lot moving to another project writes its old one too)
 * and the projects of the developers it renames.
 *
 * The first statement reads where the lots are filed and the developers' projects and locks them
 * all with the named ones, in sorted order (decision 0631: one round trip, not a read and then a
 * lock). What it read was read before its locks were held, so it is read again once they are: a
 * batch that moved a lot (or filed a project under the developer) in between has committed by
 * then — it held the lot's old project — and its new project is locked too, until a read adds
 * nothing. Without lots or developers one sorted pass suffices.
 */
export async function lockSyncBatchProjects(tx: RawTx, targets: SyncLockTargets): Promise<void> {
  const lots = [...new Set(targets.lotIds)];
  const developers = [...new Set(targets.developerIds)];
  if (lots.length === 0 && developers.length === 0) return lockProjects(tx, targets.projectIds);
  const held = new Set(await readAndLock(tx, targets.projectIds, lots, developers));
  for (;;) {
    const rows = await tx.$queryRaw<Array<{ project_id: string }>>(filedUnder(lots, developers));
    const fresh = rows.map((r) => r.project_id).filter((id) => !held.has(id));
    if (fresh.length === 0) return;
    await lockProjects(tx, fresh);
    for (const id of fresh) held.add(id);
  }
}

/** The projects the lots are filed under and the developers' projects, now. */
function filedUnder(lots: readonly string[], developers: readonly string[]): Prisma.Sql {
  return Prisma.sql`
    SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE id = ANY(${lots}::uuid[])
    UNION
    SELECT id::text FROM catalog.project_cards WHERE developer_id = ANY(${developers}::uuid[])`;
}

/**
 * filedUnder and the named projects, each locked as lockProjects locks it, in the same sorted
 * order (byte order, as JavaScript sorts the ids), row by row; the ids locked.
 */
async function readAndLock(
  tx: RawTx,
  named: readonly string[],
  lots: readonly string[],
  developers: readonly string[],
): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
    SELECT w.project_id, pg_advisory_xact_lock(hashtextextended('catalog:project:' || w.project_id, 0))::text AS locked
      FROM (SELECT u.project_id
              FROM (${filedUnder(lots, developers)} UNION SELECT unnest(${[...named]}::text[])) AS u(project_id)
             ORDER BY u.project_id COLLATE "C") AS w`;
  return rows.map((r) => r.project_id);
}
