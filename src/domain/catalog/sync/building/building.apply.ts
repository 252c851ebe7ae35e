import type { CatalogBuildingUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { readProjectForLots } from "../../cards/card-reads.js";
import { recomputeProjectAggregates } from "../../cards/recompute-cards.js";
import { logStale, logWarnings, type SyncContext, type SyncResult } from "../sync-context.js";
import { decideBuildingUpsert } from "./building.decide.js";
import {
  applyBuildingToLots,
  readBuildingSnapshotVersion,
  upsertBuildingSnapshot,
} from "./building.writer.js";

/** C. BuildingUpserted: building fields on its lots with what they derive, one write a lot (batches of 500), and the project's delivery aggregates (its project locked by the batch handler). */
export async function applyBuildingUpserted(
  ctx: SyncContext,
  payload: CatalogBuildingUpserted,
): Promise<SyncResult> {
  const { tx } = ctx;
  const project = await readProjectForLots(tx, payload.ProjectId);
  const snapshotVersion = await readBuildingSnapshotVersion(tx, payload.Id);
  const decision = decideBuildingUpsert(payload, project, snapshotVersion);
  if (decision.kind === "stale") return logStale(ctx, payload.Id, payload.Version, snapshotVersion);
  logWarnings(ctx.log, payload.Id, decision.warnings);
  const b = decision.building;
  await upsertBuildingSnapshot(tx, b, ctx.eventTime, ctx.now);
  const times = { now: ctx.now, publishedAt: ctx.eventTime };
  const applied = await applyBuildingToLots(tx, b, times, ctx.heartbeat);
  if (applied.skippedFloor > 0) {
    ctx.log.warn(
      { eventId: ctx.eventId, aggregateId: b.id, floorsTotal: b.floorsTotal, skipped: applied.skippedFloor },
      "lots above FloorsTotal skipped until their passport event",
    );
  }
  await recomputeProjectAggregates(tx, [b.projectId], times);
  ctx.log.debug(
    {
      eventId: ctx.eventId,
      aggregateId: b.id,
      version: payload.Version,
      chessboardVersion: snapshotVersion,
      buildingStatus: payload.Status,
      affectedPropertyObjects: applied.changed,
    },
    snapshotVersion === null ? "created" : "updated",
  );
  return "applied";
}
