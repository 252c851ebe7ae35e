/**
 * The one place that derives what the storefront reads from what chessboard said and what staff
 * overrode: effective values (Override ?? SourceSnapshot), visibility (INV-1, cascade INV-5) and
 * project aggregates. Everything that changes an input calls it — the sync flows, the display
 * override mutations, their expiry worker and the admin rebuild — so the rules exist once.
 *
 * Set-based: lots are recomputed in batches of LOT_BATCH_SIZE by id (keyset), each batch one
 * UPDATE … FROM that writes only rows whose derived values actually change (IS DISTINCT FROM), so
 * a no-op recompute costs reads only and leaves row_version alone. Each statement is one file in
 * `sql/` (lock-projects, projects-touched, recompute-project-cards, recompute-lot-batch,
 * recompute-project-aggregates); this module composes them.
 */
import type { RawTx } from "../../../platform/db/raw-tx.js";
import { lockTargetProjects } from "./lock-target-projects.js";
import { type LotScope, recomputeLotBatch } from "./sql/recompute-lot-batch.js";
import { recomputeProjectAggregates } from "./sql/recompute-project-aggregates.js";
import { type RecomputeTimes, recomputeProjectCards } from "./sql/recompute-project-cards.js";
import type { RecomputeTargets } from "./sql/recompute-targets.js";

export { lockProjects } from "./sql/lock-projects.js";
export { moveProjectAggregates } from "./sql/move-project-aggregates.js";
export type { LotScope } from "./sql/recompute-lot-batch.js";
export { recomputeProjectAggregates } from "./sql/recompute-project-aggregates.js";
export { type RecomputeTimes, recomputeProjectCards } from "./sql/recompute-project-cards.js";
export type { RecomputeTargets } from "./sql/recompute-targets.js";

export const LOT_BATCH_SIZE = 500;

export interface RecomputeOptions extends RecomputeTimes {
  /** Called between batches (the consumer's heartbeat keeps the group membership alive) */
  readonly onBatch?: () => Promise<void>;
}

export interface LotRecomputeResult {
  readonly scanned: number;
  readonly changed: number;
  readonly batches: number;
}

/**
 * Lots in scope: effective fields, visibility and the denormalised project fields (including the
 * project's snapshot Stars/DistanceMinutes, so a lot created before its project catches up). Delisted lots
 * of a still-delisted project are frozen (INV-7); a lot without a project card is Hidden
 * (INV-2 ProjectFirst: published later by the project's cascade).
 */
export async function recomputeLots(
  tx: RawTx,
  scope: LotScope,
  options: RecomputeOptions,
): Promise<LotRecomputeResult> {
  let after = "00000000-0000-0000-0000-000000000000";
  let scanned = 0;
  let changed = 0;
  let batches = 0;
  for (;;) {
    const batch = await recomputeLotBatch(tx, scope, after, options, LOT_BATCH_SIZE);
    if (batch.scanned === 0) break;
    batches += 1;
    scanned += batch.scanned;
    changed += batch.changed;
    after = batch.lastId as string;
    if (batch.scanned < LOT_BATCH_SIZE) break;
    await options.onBatch?.();
  }
  return { scanned, changed, batches };
}

export interface RecomputeSummary {
  readonly projectsChanged: number;
  readonly lotsScanned: number;
  readonly lotsChanged: number;
  readonly projectsAggregated: number;
}

/**
 * The entry point for override mutations, their expiry and the admin rebuild: lock every project
 * the targets touch (one read, one lock call: lockTargetProjects, decision 0597), recompute the
 * given projects (their card and every lot), buildings (their lots) and lots, then the aggregates
 * of every project locked. Run it inside the caller's transaction; the caller takes no lock.
 */
export async function recomputeCards(
  tx: RawTx,
  targets: RecomputeTargets,
  options: RecomputeOptions,
): Promise<RecomputeSummary> {
  const touched = await lockTargetProjects(tx, targets);
  const projectIds = [...new Set(targets.projectIds ?? [])];
  const changedProjects = await recomputeProjectCards(tx, projectIds, options);
  let lotsScanned = 0;
  let lotsChanged = 0;
  const add = (r: LotRecomputeResult) => {
    lotsScanned += r.scanned;
    lotsChanged += r.changed;
  };
  for (const projectId of projectIds) add(await recomputeLots(tx, { projectId }, options));
  for (const buildingId of targets.buildingIds ?? []) {
    add(await recomputeLots(tx, { buildingId }, options));
  }
  const ids = [...new Set(targets.propertyObjectIds ?? [])];
  for (let i = 0; i < ids.length; i += LOT_BATCH_SIZE) {
    add(await recomputeLots(tx, { propertyObjectIds: ids.slice(i, i + LOT_BATCH_SIZE) }, options));
  }
  const projectsAggregated = await recomputeProjectAggregates(tx, touched, options);
  return { projectsChanged: changedProjects.length, lotsScanned, lotsChanged, projectsAggregated };
}
