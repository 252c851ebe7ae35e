import type { PropertyObjectUpsertedEvent } from "../../../contracts/chessboard-events.js";
import {
  insertLotCard,
  readLotCardState,
  readLotOutcome,
  setLotCommission,
  updateLotCardSource,
} from "../cards/lot-card.repository.js";
import { readProjectForLots } from "../cards/project-card.repository.js";
import { lockProjects, recomputeLots, recomputeProjectAggregates } from "../cards/recompute-cards.js";
import { toHundredths } from "./numbers.js";
import type { LotSource } from "./sync.decide.js";
import { decidePropertyObjectUpsert } from "./sync.decide.js";
import { logStale, logWarnings, type SyncContext, type SyncResult } from "./sync-context.js";

/** D. PropertyObjectUpserted: the lot's passport, ProjectFirst, visibility, commission, aggregates. */
export async function applyPropertyObjectUpserted(
  ctx: SyncContext,
  payload: PropertyObjectUpsertedEvent,
): Promise<SyncResult> {
  const { tx } = ctx;
  await lockProjects(tx, [payload.ProjectId]);
  const card = await readLotCardState(tx, payload.Id);
  if (card && card.projectId !== payload.ProjectId) await lockProjects(tx, [card.projectId]);
  const project = await readProjectForLots(tx, payload.ProjectId);
  const decision = decidePropertyObjectUpsert(payload, card, project);
  if (decision.kind === "stale")
    return logStale(ctx, payload.Id, payload.Version, card?.chessboardVersion ?? null);
  logWarnings(ctx.log, payload.Id, decision.warnings);
  const s = decision.source;
  if (card) await updateLotCardSource(tx, s, card.rowVersion, ctx.eventTime, ctx.now);
  else await insertLotCard(tx, s, ctx.eventTime, ctx.now);
  if (decision.projectMissing) {
    ctx.log.info({ eventId: ctx.eventId, aggregateId: s.id, projectId: s.projectId }, "project-missing");
  }
  const times = { now: ctx.now, publishedAt: ctx.eventTime };
  await recomputeLots(tx, { propertyObjectIds: [s.id] }, times);
  if (card && card.projectId !== s.projectId) await recomputeProjectAggregates(tx, [card.projectId], times);
  await recomputeProjectAggregates(tx, [s.projectId], times);
  await warnZeroPrice(ctx, s.id);
  if (decision.commissionNeeded) await recomputeCommission(ctx, s);
  ctx.log.info(
    {
      eventId: ctx.eventId,
      aggregateId: s.id,
      version: payload.Version,
      chessboardVersion: card?.chessboardVersion ?? null,
    },
    card ? "updated" : "created",
  );
  return "applied";
}

/** INV-6: a lot whose effective price is not positive stays Hidden; say so. */
export async function warnZeroPrice(ctx: SyncContext, id: string): Promise<void> {
  const outcome = await readLotOutcome(ctx.tx, id);
  const price = outcome ? toHundredths(outcome.price) : null;
  if (price !== null && price <= 0n) {
    ctx.log.warn({ eventId: ctx.eventId, aggregateId: id, status: outcome?.status }, "zero price → Hidden");
  }
}

async function recomputeCommission(ctx: SyncContext, s: LotSource): Promise<void> {
  const result = await ctx.rewards.commissionFor({
    propertyObjectId: s.id,
    projectId: s.projectId,
    developerId: s.developerId,
    layoutId: s.layoutId,
    layoutGroupId: s.layoutGroupId,
    rooms: s.roomsCount,
    totalArea: s.areaTotal,
    propertyType: s.propertyType,
  });
  switch (result.kind) {
    case "matched":
      await setLotCommission(ctx.tx, s.id, result.commission, ctx.now);
      return;
    case "unavailable":
      ctx.signals.commissionDeferred();
      ctx.log.warn(
        { eventId: ctx.eventId, aggregateId: s.id, reason: result.reason },
        "commission recompute deferred",
      );
      return;
    case "disabled":
      return;
    default: {
      const _exhaustive: never = result;
      return _exhaustive;
    }
  }
}
