import type { CatalogPropertyObjectUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { readLotCardStates, readLotOutcomes, readProjectsForLots } from "../../cards/card-reads.js";
import { recomputeLots, recomputeProjectAggregates } from "../../cards/recompute-cards.js";
import type { CommissionResult } from "../../rewards/rewards-commission.client.js";
import { toHundredths } from "../../vocabulary/numbers.js";
import { logStale, logWarnings, type SyncContext, type SyncResult } from "../sync-context.js";
import { decidePropertyObjectUpsert, type LotSource } from "./lot-passport.decide.js";
import {
  insertLotCards,
  type LotPassportRow,
  type LotPassportUpdateRow,
  setLotCommissions,
  updateLotCardSources,
} from "./lot-passports.writer.js";

/** One held-back message of flow D, with what its log lines carry. */
export interface LotUpsert {
  readonly eventTime: Date;
  readonly eventId: string;
  readonly topic: string;
  readonly payload: CatalogPropertyObjectUpserted;
}

export type LotUpsertsContext = Pick<SyncContext, "tx" | "log" | "now" | "rewards" | "signals">;

/** Commission calls to the rewards API in flight at once (each has the client's own timeout). */
const COMMISSION_CONCURRENCY = 16;

/**
 * D. PropertyObjectUpserted — the lot's passport, ProjectFirst, visibility, commission and the
 * project aggregates — set-based over any number of messages of distinct lots (the batch plan
 * never holds two passports of one lot together; the batch handler holds their projects' locks,
 * the old ones of moving lots included): the cards and the projects read in one statement each, the passports inserted complete in one statement (decision 0635) and updated in one,
 * one recompute of the updated lots (each stamped with its own event time as PublishedAt), one aggregate
 * statement, one outcome read, the commission calls in parallel and written in one statement.
 * Each message gets the result it gets alone: the guards are decided per message (pure) against
 * the state read. Any error (a bad payload, a tenant mismatch, a conflict) throws for the whole
 * call; the runtime then bisects the batch down to the offending message (decision 0029).
 */
export async function applyPropertyObjectUpserts(
  ctx: LotUpsertsContext,
  upserts: readonly LotUpsert[],
): Promise<SyncResult[]> {
  const { tx, now } = ctx;
  const results: SyncResult[] = new Array(upserts.length).fill("applied");
  if (upserts.length === 0) return results;
  const projectIds = new Set(upserts.map((u) => u.payload.ProjectId));
  const cards = await readLotCardStates(tx, [...new Set(upserts.map((u) => u.payload.Id))]);
  const projects = await readProjectsForLots(tx, [...projectIds]);

  const inserts: LotPassportRow[] = [];
  const updates: LotPassportUpdateRow[] = [];
  const applied: Array<{
    readonly index: number;
    readonly source: LotSource;
    readonly commission: boolean;
    readonly log: LotUpsertsContext["log"];
  }> = [];
  const aggregates = new Set<string>();
  upserts.forEach((upsert, index) => {
    const { payload } = upsert;
    const card = cards.get(payload.Id) ?? null;
    const log = ctx.log.child({ topic: upsert.topic, messageId: upsert.eventId });
    const decision = decidePropertyObjectUpsert(payload, card, projects.get(payload.ProjectId) ?? null);
    if (decision.kind === "stale") {
      results[index] = logStale(
        { log, eventId: upsert.eventId },
        payload.Id,
        payload.Version,
        card?.chessboardVersion ?? null,
      );
      return;
    }
    logWarnings(log, payload.Id, decision.warnings, ctx.signals);
    const source = decision.source;
    if (card) updates.push({ source, eventTime: upsert.eventTime, expectedRowVersion: card.rowVersion });
    else inserts.push({ source, eventTime: upsert.eventTime });
    if (decision.projectMissing) {
      log.debug(
        { eventId: upsert.eventId, aggregateId: source.id, projectId: source.projectId },
        "project-missing",
      );
    }
    if (card) aggregates.add(card.projectId);
    aggregates.add(source.projectId);
    applied.push({ index, source, commission: decision.commissionNeeded, log });
  });
  if (applied.length === 0) return results;

  await insertLotCards(tx, inserts, now);
  await updateLotCardSources(tx, updates, now);
  const lots = applied.map((a) => ({
    id: a.source.id,
    publishedAt: (upserts[a.index] as LotUpsert).eventTime,
  }));
  // a created card is written complete; an updated passport derives its storefront fields anew
  const updated = new Set(updates.map((u) => u.source.id));
  const recomputed = lots.filter((l) => updated.has(l.id));
  if (recomputed.length > 0) await recomputeLots(tx, { lots: recomputed }, { now, publishedAt: now });
  await recomputeProjectAggregates(tx, [...aggregates], { now });
  const outcomes = await readLotOutcomes(
    tx,
    lots.map((l) => l.id),
  );
  const commissions = await commissionsOf(
    ctx,
    applied.filter((a) => a.commission).map((a) => a.source),
  );
  await setLotCommissions(
    tx,
    commissions.flatMap(([s, r]) => (r.kind === "matched" ? [{ id: s.id, commission: r.commission }] : [])),
    now,
  );
  const deferred = new Map(
    commissions.flatMap(([s, r]) => (r.kind === "unavailable" ? [[s.id, r.reason]] : [])),
  );

  for (const a of applied) {
    const upsert = upserts[a.index] as LotUpsert;
    const { log } = a;
    const outcome = outcomes.get(a.source.id);
    const price = outcome ? toHundredths(outcome.price) : null;
    if (price !== null && price <= 0n) {
      // INV-6: a lot whose effective price is not positive stays Hidden; say so.
      log.warn(
        { eventId: upsert.eventId, aggregateId: a.source.id, status: outcome?.status },
        "zero price → Hidden",
      );
    }
    const reason = deferred.get(a.source.id);
    if (reason !== undefined) {
      ctx.signals.commissionDeferred();
      log.warn(
        { eventId: upsert.eventId, aggregateId: a.source.id, reason },
        "commission recompute deferred",
      );
    }
    const card = cards.get(a.source.id);
    log.debug(
      {
        eventId: upsert.eventId,
        aggregateId: a.source.id,
        version: upsert.payload.Version,
        chessboardVersion: card?.chessboardVersion ?? null,
      },
      card ? "updated" : "created",
    );
  }
  return results;
}

/** The rewards API asked for each lot, COMMISSION_CONCURRENCY calls at a time; never throws. */
async function commissionsOf(
  ctx: LotUpsertsContext,
  sources: readonly LotSource[],
): Promise<Array<readonly [LotSource, CommissionResult]>> {
  if (!ctx.rewards.enabled || sources.length === 0) return [];
  const out: Array<readonly [LotSource, CommissionResult]> = [];
  for (let i = 0; i < sources.length; i += COMMISSION_CONCURRENCY) {
    const slice = sources.slice(i, i + COMMISSION_CONCURRENCY);
    const answers = await Promise.all(
      slice.map((s) =>
        ctx.rewards.commissionFor({
          propertyObjectId: s.id,
          projectId: s.projectId,
          developerId: s.developerId,
          layoutId: s.layoutId,
          layoutGroupId: s.layoutGroupId,
          rooms: s.roomsCount,
          totalArea: s.areaTotal,
          propertyType: s.propertyType,
        }),
      ),
    );
    for (const [k, s] of slice.entries()) out.push([s, answers[k] as CommissionResult] as const);
  }
  return out;
}
