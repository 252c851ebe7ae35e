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
 * Where a lot is filed, or which projects a developer has, is read before the lock, so it is read
 * again once the locks are held: a batch that moved a lot (or filed a project under the developer)
 * in between has committed by then — it held the lot's old project — and its new project is
 * locked too, until a read adds nothing. Without lots or developers one sorted pass suffices.
 */
export async function lockSyncBatchProjects(tx: RawTx, targets: SyncLockTargets): Promise<void> {
  const lots = [...new Set(targets.lotIds)];
  const developers = [...new Set(targets.developerIds)];
  const held = new Set<string>();
  let wanted = new Set(targets.projectIds);
  for (;;) {
    if (lots.length > 0 || developers.length > 0) {
      const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
        SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE id = ANY(${lots}::uuid[])
        UNION
        SELECT id::text FROM catalog.project_cards WHERE developer_id = ANY(${developers}::uuid[])`;
      wanted = new Set([...wanted, ...rows.map((r) => r.project_id)]);
    }
    const fresh = [...wanted].filter((id) => !held.has(id));
    if (fresh.length === 0) return;
    await lockProjects(tx, fresh);
    for (const id of fresh) held.add(id);
    if (lots.length === 0 && developers.length === 0) return;
  }
}
