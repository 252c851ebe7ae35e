import { lockTargetProjects } from "./lock-target-projects.js";
import { recomputeLotBatch } from "./sql/recompute-lot-batch.js";
import { recomputeProjectAggregates } from "./sql/recompute-project-aggregates.js";
import { recomputeProjectCards } from "./sql/recompute-project-cards.js";
import { lockProjects } from "./sql/lock-projects.js";
import { recomputeProjectAggregates as recomputeProjectAggregates2 } from "./sql/recompute-project-aggregates.js";
import { recomputeProjectCards as recomputeProjectCards2 } from "./sql/recompute-project-cards.js";
const LOT_BATCH_SIZE = 500;
async function recomputeLots(tx, scope, options) {
  let after = "00000000-0000-0000-0000-000000000000";
  let scanned = 0;
  let changed = 0;
  let batches = 0;
  for (; ; ) {
    const batch = await recomputeLotBatch(tx, scope, after, options, LOT_BATCH_SIZE);
    if (batch.scanned === 0) break;
    batches += 1;
    scanned += batch.scanned;
    changed += batch.changed;
    after = batch.lastId;
    if (batch.scanned < LOT_BATCH_SIZE) break;
    await options.onBatch?.();
  }
  return { scanned, changed, batches };
}
async function recomputeCards(tx, targets, options) {
  const touched = await lockTargetProjects(tx, targets);
  const projectIds = [...new Set(targets.projectIds ?? [])];
  const changedProjects = await recomputeProjectCards(tx, projectIds, options);
  let lotsScanned = 0;
  let lotsChanged = 0;
  const add = (r) => {
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
export {
  LOT_BATCH_SIZE,
  lockProjects,
  recomputeCards,
  recomputeLots,
  recomputeProjectAggregates2 as recomputeProjectAggregates,
  recomputeProjectCards2 as recomputeProjectCards
};
//# sourceMappingURL=recompute-cards.js.map
