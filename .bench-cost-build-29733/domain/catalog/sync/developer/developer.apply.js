import { logWarnings } from "../sync-context.js";
import { decideDeveloperUpsert } from "./developer.decide.js";
import { renameDeveloperOnLots, renameDeveloperOnProjects } from "./developer.writer.js";
async function applyDeveloperUpserted(ctx, payload) {
  const rename = decideDeveloperUpsert(payload);
  logWarnings(ctx.log, payload.Id, rename.warnings);
  const projects = await renameDeveloperOnProjects(
    ctx.tx,
    rename.developerId,
    rename.name,
    rename.logoFileId,
    ctx.now
  );
  const lots = await renameDeveloperOnLots(ctx.tx, rename.developerId, rename.name, ctx.now, ctx.heartbeat);
  const fields = {
    eventId: ctx.eventId,
    aggregateId: payload.Id,
    version: payload.Version,
    developerStatus: payload.Status,
    affectedProjects: projects,
    affectedPropertyObjects: lots
  };
  ctx.log.debug(fields, projects === 0 && lots === 0 ? "no-cards" : "updated");
  return "applied";
}
export {
  applyDeveloperUpserted
};
//# sourceMappingURL=developer.apply.js.map
