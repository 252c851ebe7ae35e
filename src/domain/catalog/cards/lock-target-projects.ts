import type { RawTx } from "../../../platform/db/raw-tx.js";
import { lockProjects } from "./sql/lock-projects.js";
import { projectsTouched } from "./sql/projects-touched.js";
import type { RecomputeTargets } from "./sql/recompute-targets.js";

/**
 * Takes the catalog's per-project writer lock (lockProjects) for every project the targets touch
 * (projectsTouched: the projects named, the projects of the buildings and of the lots) in one
 * sorted call, so a recompute serialises with the sync flows exactly like the flows among
 * themselves. The one lock call of a card recompute's transaction (recomputeCards takes it;
 * decision 0597). Returns the projects locked: the ones whose aggregates the recompute redoes.
 */
export async function lockTargetProjects(tx: RawTx, targets: RecomputeTargets): Promise<readonly string[]> {
  const ids = await projectsTouched(tx, targets);
  await lockProjects(tx, ids);
  return ids;
}
