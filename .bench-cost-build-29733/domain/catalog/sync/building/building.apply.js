import { readProjectForLots } from "../../cards/card-reads.js";
import { recomputeLots, recomputeProjectAggregates } from "../../cards/recompute-cards.js";
import { logStale, logWarnings } from "../sync-context.js";
import { decideBuildingUpsert } from "./building.decide.js";
import {
  applyBuildingToLots,
  readBuildingSnapshotVersion,
  upsertBuildingSnapshot
} from "./building.writer.js";
async function applyBuildingUpserted(ctx, payload) {
  const { tx } = ctx;
  const project = await readProjectForLots(tx, payload.ProjectId);
  const snapshotVersion = await readBuildingSnapshotVersion(tx, payload.Id);
  const decision = decideBuildingUpsert(payload, project, snapshotVersion);
  if (decision.kind === "stale") return logStale(ctx, payload.Id, payload.Version, snapshotVersion);
  logWarnings(ctx.log, payload.Id, decision.warnings);
  const b = decision.building;
  await upsertBuildingSnapshot(tx, b, ctx.eventTime, ctx.now);
  const applied = await applyBuildingToLots(tx, b, ctx.now, ctx.heartbeat);
  if (applied.skippedFloor > 0) {
    ctx.log.warn(
      { eventId: ctx.eventId, aggregateId: b.id, floorsTotal: b.floorsTotal, skipped: applied.skippedFloor },
      "lots above FloorsTotal skipped until their passport event"
    );
  }
  const times = { now: ctx.now, publishedAt: ctx.eventTime };
  const cascade = await recomputeLots(tx, { buildingId: b.id }, { ...times, onBatch: ctx.heartbeat });
  await recomputeProjectAggregates(tx, [b.projectId], times);
  ctx.log.debug(
    {
      eventId: ctx.eventId,
      aggregateId: b.id,
      version: payload.Version,
      chessboardVersion: snapshotVersion,
      buildingStatus: payload.Status,
      affectedPropertyObjects: Math.max(applied.updated, cascade.changed)
    },
    snapshotVersion === null ? "created" : "updated"
  );
  return "applied";
}
export {
  applyBuildingUpserted
};
//# sourceMappingURL=building.apply.js.map
