import type {
  PropertyObjectPriceChangedEvent,
  PropertyObjectStatusChangedEvent,
} from "../../../contracts/chessboard-events.js";
import { readLotCardState, updateLotPrice, updateLotStatus } from "../cards/lot-card.repository.js";
import { readProjectForLots } from "../cards/project-card.repository.js";
import { lockProjects, recomputeLots, recomputeProjectAggregates } from "../cards/recompute-cards.js";
import { projectCardNotFound } from "../catalog.errors.js";
import { warnZeroPrice } from "./apply-property-object-upserted.js";
import { decidePriceChange, decideStatusChange } from "./sync.decide.js";
import { logStale, logWarnings, type SyncContext, type SyncResult } from "./sync-context.js";

/** E. PropertyObjectStatusChanged — the SLA flow (Reserved/Booked/Sold on the storefront < 1 min). */
export async function applyPropertyObjectStatusChanged(
  ctx: SyncContext,
  payload: PropertyObjectStatusChangedEvent,
): Promise<SyncResult> {
  const { tx } = ctx;
  await lockProjects(tx, [payload.ProjectId]);
  const card = await readLotCardState(tx, payload.PropertyObjectId);
  if (card && card.projectId !== payload.ProjectId) await lockProjects(tx, [card.projectId]);
  const decision = decideStatusChange(payload, card);
  const id = payload.PropertyObjectId;
  if (decision.kind === "stale") return logStale(ctx, id, payload.Version, card?.chessboardVersion ?? null);
  if (decision.kind === "delisted") return skipDelisted(ctx, id, payload.Version);
  logWarnings(ctx.log, id, decision.warnings);
  const lot = card as NonNullable<typeof card>;
  // The lot exists, so its project card should: its absence is an anomaly worth a retry.
  if (!(await readProjectForLots(tx, lot.projectId))) throw projectCardNotFound(lot.projectId);
  await updateLotStatus(tx, lot, decision.change, ctx.eventTime, ctx.now);
  const times = { now: ctx.now, publishedAt: ctx.eventTime };
  await recomputeLots(tx, { propertyObjectIds: [id] }, times);
  await recomputeProjectAggregates(tx, [lot.projectId], times);
  ctx.log.info(
    {
      eventId: ctx.eventId,
      aggregateId: id,
      version: payload.Version,
      chessboardVersion: lot.chessboardVersion,
      fromStatus: payload.FromStatus,
      toStatus: decision.change.status,
      statusSource: payload.StatusSource,
    },
    "updated",
  );
  return "applied";
}

/** F. PropertyObjectPriceChanged: snapshot price → effective price, PricePerMeter, Min/MaxPrice. */
export async function applyPropertyObjectPriceChanged(
  ctx: SyncContext,
  payload: PropertyObjectPriceChangedEvent,
): Promise<SyncResult> {
  const { tx } = ctx;
  await lockProjects(tx, [payload.ProjectId]);
  const card = await readLotCardState(tx, payload.PropertyObjectId);
  if (card && card.projectId !== payload.ProjectId) await lockProjects(tx, [card.projectId]);
  const decision = decidePriceChange(payload, card);
  const id = payload.PropertyObjectId;
  if (decision.kind === "stale") return logStale(ctx, id, payload.Version, card?.chessboardVersion ?? null);
  if (decision.kind === "delisted") return skipDelisted(ctx, id, payload.Version);
  const lot = card as NonNullable<typeof card>;
  await updateLotPrice(tx, lot, decision.change, ctx.eventTime, ctx.now);
  const times = { now: ctx.now, publishedAt: ctx.eventTime };
  await recomputeLots(tx, { propertyObjectIds: [id] }, times);
  await recomputeProjectAggregates(tx, [lot.projectId], times);
  await warnZeroPrice(ctx, id);
  ctx.log.info(
    {
      eventId: ctx.eventId,
      aggregateId: id,
      version: payload.Version,
      chessboardVersion: lot.chessboardVersion,
    },
    "updated",
  );
  return "applied";
}

function skipDelisted(ctx: SyncContext, id: string, version: number): SyncResult {
  ctx.log.warn(
    { eventId: ctx.eventId, aggregateId: id, version },
    "lot is Delisted (INV-7): change not applied",
  );
  return "skipped";
}
