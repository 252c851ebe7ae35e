import type { CatalogDeveloperUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { logWarnings, type SyncContext, type SyncResult } from "../sync-context.js";
import { decideDeveloperUpsert } from "./developer.decide.js";
import { renameDeveloperOnLots, renameDeveloperOnProjects } from "./developer.writer.js";

/**
 * B. DeveloperUpserted: batch rename on every card of the developer, no entity loaded. Its projects'
 * writer locks are held already: the batch handler takes them with the batch's (sync-batch-locks.ts).
 */
export async function applyDeveloperUpserted(
  ctx: SyncContext,
  payload: CatalogDeveloperUpserted,
): Promise<SyncResult> {
  const rename = decideDeveloperUpsert(payload);
  logWarnings(ctx.log, payload.Id, rename.warnings);
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
