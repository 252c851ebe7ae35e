import {
  recomputeLots,
  recomputeProjectAggregates,
  recomputeProjectCards
} from "../../cards/recompute-cards.js";
import { logStale, logWarnings } from "../sync-context.js";
import { decideProjectUpsert } from "./project.decide.js";
import {
  insertProjectCard,
  readProjectCardState,
  readProjectCascadeFingerprint,
  retitleLotsForKind,
  updateProjectCardSource
} from "./project-card.writer.js";
async function applyProjectUpserted(ctx, payload) {
  const { tx } = ctx;
  const card = await readProjectCardState(tx, payload.Id);
  const decision = decideProjectUpsert(payload, card);
  if (decision.kind === "stale")
    return logStale(ctx, payload.Id, payload.Version, card?.chessboardVersion ?? null);
  logWarnings(ctx.log, payload.Id, decision.warnings, ctx.signals);
  if (decision.kindMismatch) ctx.signals.kindConflict();
  const before = await readProjectCascadeFingerprint(tx, payload.Id);
  const write = {
    id: payload.Id,
    source: decision.source,
    kindMismatchCount: decision.kindMismatchCount,
    eventTime: ctx.eventTime,
    now: ctx.now
  };
  if (card) await updateProjectCardSource(tx, write, card.rowVersion);
  else await insertProjectCard(tx, write);
  const times = { now: ctx.now, publishedAt: ctx.eventTime };
  await recomputeProjectCards(tx, [payload.Id], times);
  const after = await readProjectCascadeFingerprint(tx, payload.Id);
  let affected = 0;
  if (before !== after) {
    await retitleLotsForKind(tx, payload.Id, decision.source.kind, ctx.now);
    const cascade = await recomputeLots(tx, { projectId: payload.Id }, { ...times, onBatch: ctx.heartbeat });
    affected = cascade.changed;
    if (cascade.changed > 0) {
      ctx.log.debug(
        {
          eventId: ctx.eventId,
          aggregateId: payload.Id,
          affectedPropertyObjects: cascade.changed,
          batches: cascade.batches
        },
        "status-cascaded"
      );
    }
  }
  await recomputeProjectAggregates(tx, [payload.Id], times);
  ctx.log.debug(
    {
      eventId: ctx.eventId,
      aggregateId: payload.Id,
      version: payload.Version,
      chessboardVersion: card?.chessboardVersion ?? null,
      affectedPropertyObjects: affected
    },
    card ? "updated" : "created"
  );
  return "applied";
}
export {
  applyProjectUpserted
};
//# sourceMappingURL=project.apply.js.map
