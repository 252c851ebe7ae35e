import { readLotChangeStates } from "../../cards/card-reads.js";
import { aggregateMoves } from "../../cards/project-aggregate-moves.js";
import { moveProjectAggregates, recomputeProjectAggregates } from "../../cards/recompute-cards.js";
import { projectCardNotFound } from "../../catalog.errors.js";
import { toHundredths } from "../../vocabulary/numbers.js";
import { logStale, logWarnings, type SyncContext, type SyncResult } from "../sync-context.js";
import { foldLotChanges, type LotChange } from "./lot-change.fold.js";
import { writeLotChanges } from "./lot-changes.writer.js";

export type { LotChange } from "./lot-change.fold.js";

export type LotChangesContext = Pick<SyncContext, "tx" | "log" | "now" | "signals">;

/**
 * E. PropertyObjectStatusChanged (the SLA flow: Reserved/Booked/Sold on the storefront < 1 min)
 * and F. PropertyObjectPriceChanged (snapshot price → effective price, PricePerMeter,
 * Min/MaxPrice), set-based over any number of messages (their projects, and the ones their lots
 * are filed under now, locked by the batch handler), a fixed number of statements however many
 * messages (decision 0512): the lots' state read in one statement; every message decided in
 * batch order against the state its lot's earlier changes left, and each lot's applied changes
 * merged (lot-change.fold.ts, pure); ONE statement writing every lot's final snapshot together
 * with the storefront fields derived from it; the aggregates of every project touched moved by
 * the lots' before and after in one more (decision 0623; a full recompute for a project whose lot
 * entered or left Delisted or changed dates). Each message gets the result it gets alone: the guards (INV-4 stale, INV-7 Delisted),
 * and PublishedAt is the time of the message that first made a lot visible. Any error (a missing
 * card or project card: retriable) throws for the whole call; the runtime then bisects the batch
 * down to the offending message (decision 0029).
 */
export async function applyPropertyObjectChanges(
  ctx: LotChangesContext,
  changes: readonly LotChange[],
): Promise<SyncResult[]> {
  const { tx, now } = ctx;
  if (changes.length === 0) return [];
  const states = await readLotChangeStates(tx, [...new Set(changes.map((c) => c.payload.PropertyObjectId))]);
  const { outcomes, writes } = foldLotChanges(changes, states);
  // E: the lot exists, so its project card should; its absence is an anomaly worth a retry.
  const orphan = writes.find((w) => w.statusApplied && states.get(w.id)?.projectStatus === null);
  if (orphan) throw projectCardNotFound(orphan.projectId);

  const written = await writeLotChanges(tx, writes, now);
  const { deltas, recompute } = aggregateMoves([...written.values()].map((w) => w.move));
  await moveProjectAggregates(tx, deltas, { now });
  await recomputeProjectAggregates(tx, [...recompute], { now });

  const debug = ctx.log.isLevelEnabled("debug");
  return outcomes.map((outcome, index): SyncResult => {
    const change = changes[index] as LotChange;
    const id = change.payload.PropertyObjectId;
    // a child logger only for a message that logs (most log nothing above debug)
    const log = () => ctx.log.child({ topic: change.topic, messageId: change.eventId });
    if (outcome.kind === "stale") {
      return debug
        ? logStale(
            { log: log(), eventId: change.eventId },
            id,
            change.payload.Version,
            outcome.chessboardVersion,
          )
        : "skipped-stale";
    }
    if (outcome.kind === "delisted") {
      log().warn(
        { eventId: change.eventId, aggregateId: id, version: change.payload.Version },
        "lot is Delisted (INV-7): change not applied",
      );
      return "skipped";
    }
    if (outcome.warnings.length > 0) logWarnings(log(), id, outcome.warnings, ctx.signals);
    const shown = written.get(id);
    if (outcome.price !== null && shown) {
      const price = toHundredths(shown.price);
      // INV-6: a lot whose effective price is not positive stays Hidden; say so.
      if (price !== null && price <= 0n) {
        log().warn({ eventId: change.eventId, aggregateId: id, status: shown.status }, "zero price → Hidden");
      }
    }
    if (debug) {
      log().debug(
        {
          eventId: change.eventId,
          aggregateId: id,
          version: change.payload.Version,
          chessboardVersion: outcome.chessboardVersion,
          ...(change.kind === "status"
            ? {
                fromStatus: change.payload.FromStatus,
                toStatus: outcome.status,
                statusSource: change.payload.StatusSource,
              }
            : {}),
        },
        "updated",
      );
    }
    return "applied";
  });
}
