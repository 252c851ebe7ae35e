import { readLotChangeStates } from "../../cards/card-reads.js";
import { recomputeProjectAggregates } from "../../cards/recompute-cards.js";
import { projectCardNotFound } from "../../catalog.errors.js";
import { toHundredths } from "../../vocabulary/numbers.js";
import { logStale, logWarnings } from "../sync-context.js";
import { foldLotChanges } from "./lot-change.fold.js";
import { writeLotChanges } from "./lot-changes.writer.js";
async function applyPropertyObjectChanges(ctx, changes) {
  const { tx, now } = ctx;
  if (changes.length === 0) return [];
  const states = await readLotChangeStates(tx, [...new Set(changes.map((c) => c.payload.PropertyObjectId))]);
  const { outcomes, writes } = foldLotChanges(changes, states);
  const orphan = writes.find((w) => w.statusApplied && states.get(w.id)?.projectStatus === null);
  if (orphan) throw projectCardNotFound(orphan.projectId);
  const written = await writeLotChanges(tx, writes, now);
  await recomputeProjectAggregates(tx, [...new Set(writes.map((w) => w.projectId))], { now });
  const debug = ctx.log.isLevelEnabled("debug");
  return outcomes.map((outcome, index) => {
    const change = changes[index];
    const id = change.payload.PropertyObjectId;
    const log = () => ctx.log.child({ topic: change.topic, messageId: change.eventId });
    if (outcome.kind === "stale") {
      return debug ? logStale(
        { log: log(), eventId: change.eventId },
        id,
        change.payload.Version,
        outcome.chessboardVersion
      ) : "skipped-stale";
    }
    if (outcome.kind === "delisted") {
      log().warn(
        { eventId: change.eventId, aggregateId: id, version: change.payload.Version },
        "lot is Delisted (INV-7): change not applied"
      );
      return "skipped";
    }
    if (outcome.warnings.length > 0) logWarnings(log(), id, outcome.warnings, ctx.signals);
    const shown = written.get(id);
    if (outcome.price !== null && shown) {
      const price = toHundredths(shown.price);
      if (price !== null && price <= 0n) {
        log().warn({ eventId: change.eventId, aggregateId: id, status: shown.status }, "zero price \u2192 Hidden");
      }
    }
    if (debug) {
      log().debug(
        {
          eventId: change.eventId,
          aggregateId: id,
          version: change.payload.Version,
          chessboardVersion: outcome.chessboardVersion,
          ...change.kind === "status" ? {
            fromStatus: change.payload.FromStatus,
            toStatus: outcome.status,
            statusSource: change.payload.StatusSource
          } : {}
        },
        "updated"
      );
    }
    return "applied";
  });
}
export {
  applyPropertyObjectChanges
};
//# sourceMappingURL=lot-change.apply.js.map
