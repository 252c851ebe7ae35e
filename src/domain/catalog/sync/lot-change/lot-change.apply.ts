import type {
  CatalogPriceChanged,
  CatalogStatusChanged,
} from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import {
  type LotCardState,
  readExistingProjectIds,
  readLotCardStates,
  readLotOutcomes,
} from "../../cards/card-reads.js";
import { recomputeLots, recomputeProjectAggregates } from "../../cards/recompute-cards.js";
import { projectCardNotFound } from "../../catalog.errors.js";
import { toHundredths } from "../../vocabulary/numbers.js";
import { lotChangeRounds } from "../sync-batch-plan.js";
import { logStale, logWarnings, type SyncContext, type SyncResult } from "../sync-context.js";
import { decidePriceChange, decideStatusChange } from "./lot-change.decide.js";
import { type LotChangeRow, writeLotChanges } from "./lot-changes.writer.js";

/** One held-back message of flow E (status) or F (price), with what its log lines carry. */
export type LotChange = {
  readonly eventTime: Date;
  readonly eventId: string;
  readonly topic: string;
} & (
  | { readonly kind: "status"; readonly payload: CatalogStatusChanged }
  | { readonly kind: "price"; readonly payload: CatalogPriceChanged }
);

export type LotChangesContext = Pick<SyncContext, "tx" | "log" | "now" | "signals">;

/**
 * E. PropertyObjectStatusChanged (the SLA flow: Reserved/Booked/Sold on the storefront < 1 min)
 * and F. PropertyObjectPriceChanged (snapshot price → effective price, PricePerMeter,
 * Min/MaxPrice), set-based over any number of messages (their projects, and the ones their lots
 * are filed under now, locked by the batch handler): the cards read in one statement, then per round (the k-th change of every lot, lotChangeRounds) one
 * UPDATE of the snapshots, one recompute of the lots and one read of the outcome; the
 * aggregates of every project touched once at the end. Each message gets the result it gets
 * alone: the guards (INV-4 stale, INV-7 Delisted) are decided per message against the state its
 * predecessors left, and PublishedAt is the time of the message that first made a lot visible.
 * Any error (a missing card: retriable) throws for the whole call; the runtime then bisects the
 * batch down to the offending message (decision 0029).
 */
export async function applyPropertyObjectChanges(
  ctx: LotChangesContext,
  changes: readonly LotChange[],
): Promise<SyncResult[]> {
  const { tx, now } = ctx;
  const results: SyncResult[] = new Array(changes.length).fill("applied");
  if (changes.length === 0) return results;
  const lotIds = changes.map((c) => c.payload.PropertyObjectId);
  let cards = await readLotCardStates(tx, [...new Set(lotIds)]);

  const knownProjects = new Set<string>();
  const touchedProjects = new Set<string>();
  const rounds = lotChangeRounds(lotIds);
  for (const [k, round] of rounds.entries()) {
    const rows: Array<LotChangeRow & { readonly index: number; readonly card: LotCardState }> = [];
    for (const index of round) {
      const change = changes[index] as LotChange;
      const id = change.payload.PropertyObjectId;
      const card = cards.get(id) ?? null;
      const log = ctx.log.child({ topic: change.topic, messageId: change.eventId });
      const decision =
        change.kind === "status"
          ? decideStatusChange(change.payload, card)
          : decidePriceChange(change.payload, card);
      if (decision.kind === "stale") {
        results[index] = logStale(
          { log, eventId: change.eventId },
          id,
          change.payload.Version,
          card?.chessboardVersion ?? null,
        );
        continue;
      }
      if (decision.kind === "delisted") {
        log.warn(
          { eventId: change.eventId, aggregateId: id, version: change.payload.Version },
          "lot is Delisted (INV-7): change not applied",
        );
        results[index] = "skipped";
        continue;
      }
      logWarnings(log, id, decision.warnings, ctx.signals);
      const lot = card as LotCardState;
      const c = decision.change;
      rows.push({
        index,
        card: lot,
        id,
        expectedRowVersion: lot.rowVersion,
        status: "status" in c ? c.status : null,
        price: "price" in c ? c.price : null,
        version: c.version,
        eventTime: change.eventTime,
      });
    }
    if (rows.length === 0) continue;
    // E: the lot exists, so its project card should; its absence is an anomaly worth a retry.
    const unchecked = rows
      .filter((r) => r.status !== null && !knownProjects.has(r.card.projectId))
      .map((r) => r.card.projectId);
    if (unchecked.length > 0) {
      const existing = await readExistingProjectIds(tx, [...new Set(unchecked)]);
      const missing = unchecked.find((id) => !existing.has(id));
      if (missing) throw projectCardNotFound(missing);
      for (const id of existing) knownProjects.add(id);
    }
    await writeLotChanges(tx, rows, now);
    await recomputeLots(
      tx,
      { lots: rows.map((r) => ({ id: r.id, publishedAt: r.eventTime })) },
      { now, publishedAt: now },
    );
    for (const r of rows) touchedProjects.add(r.card.projectId);
    const ids = rows.map((r) => r.id);
    // the state the next round's guards are decided on (the recompute may have moved row_version)
    if (k + 1 < rounds.length) cards = new Map([...cards, ...(await readLotCardStates(tx, ids))]);
    const outcomes = rows.some((r) => r.price !== null) ? await readLotOutcomes(tx, ids) : null;
    for (const r of rows) {
      const change = changes[r.index] as LotChange;
      const log = ctx.log.child({ topic: change.topic, messageId: change.eventId });
      const outcome = outcomes?.get(r.id);
      const price = outcome && r.price !== null ? toHundredths(outcome.price) : null;
      if (price !== null && price <= 0n) {
        // INV-6: a lot whose effective price is not positive stays Hidden; say so.
        log.warn(
          { eventId: change.eventId, aggregateId: r.id, status: outcome?.status },
          "zero price → Hidden",
        );
      }
      log.debug(
        {
          eventId: change.eventId,
          aggregateId: r.id,
          version: r.version,
          chessboardVersion: r.card.chessboardVersion,
          ...(change.kind === "status"
            ? {
                fromStatus: change.payload.FromStatus,
                toStatus: r.status,
                statusSource: change.payload.StatusSource,
              }
            : {}),
        },
        "updated",
      );
    }
  }
  await recomputeProjectAggregates(tx, [...touchedProjects], { now });
  return results;
}
