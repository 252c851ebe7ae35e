import type { CatalogDeveloperUpserted } from "../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { lockSyncBatchProjects } from "../cards/lock-target-projects.js";
import { renameDeveloperOnLots } from "../cards/lot-card.repository.js";
import { renameDeveloperOnProjects } from "../cards/project-card.repository.js";
import { decideDeveloperUpsert } from "./sync.decide.js";
import { logWarnings, type SyncContext, type SyncResult } from "./sync-context.js";

/**
 * B. DeveloperUpserted: batch rename on every card of the developer, no entity loaded. Its projects'
 * writer locks first, like every other flow that writes their cards (re-entered when the batch's
 * lockBatch took them already).
 */
export async function applyDeveloperUpserted(
  ctx: SyncContext,
  payload: CatalogDeveloperUpserted,
): Promise<SyncResult> {
  const rename = decideDeveloperUpsert(payload);
  logWarnings(ctx.log, payload.Id, rename.warnings);
  await lockSyncBatchProjects(ctx.tx, { projectIds: [], lotIds: [], developerIds: [rename.developerId] });
  const projects = await renameDeveloperOnProjects(
    ctx.tx,
    rename.developerId,
    rename.name,
    rename.logoFileId,
    ctx.now,
  );
  const lots = await renameDeveloperOnLots(ctx.tx, rename.developerId, rename.name, ctx.now, ctx.heartbeat);
  const fields = {
    eventId: ctx.eventId,
    aggregateId: payload.Id,
    version: payload.Version,
    developerStatus: payload.Status,
    affectedProjects: projects,
    affectedPropertyObjects: lots,
  };
  ctx.log.debug(fields, projects === 0 && lots === 0 ? "no-cards" : "updated");
  return "applied";
}
