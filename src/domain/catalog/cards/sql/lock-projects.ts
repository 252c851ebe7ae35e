import type { RawTx } from "../../../../platform/db/raw-tx.js";

/**
 * Serialises every writer of a project's cards — the sync flows, the override mutations, the
 * rebuild — for the rest of the transaction. Without it two consumers racing on different
 * partitions lose updates: a lot inserted while its project's cascade runs stays Hidden, and
 * aggregates computed from two snapshots overwrite each other. Ids are locked in sorted order.
 */
export async function lockProjects(tx: RawTx, projectIds: readonly string[]): Promise<void> {
  const keys = [...new Set(projectIds)].sort().map((id) => `catalog:project:${id}`);
  if (keys.length === 0) return;
  // One statement however many projects: unnest yields the sorted array in order and the locks
  // are taken row by row in that order, as the loop of one statement per project did.
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${keys}::text[]) AS t(k)`;
}
