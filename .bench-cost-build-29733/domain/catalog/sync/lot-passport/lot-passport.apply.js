import { readLotCardStates, readLotOutcomes, readProjectsForLots } from "../../cards/card-reads.js";
import { recomputeLots, recomputeProjectAggregates } from "../../cards/recompute-cards.js";
import { toHundredths } from "../../vocabulary/numbers.js";
import { logStale, logWarnings } from "../sync-context.js";
import { decidePropertyObjectUpsert } from "./lot-passport.decide.js";
import {
  insertLotCards,
  setLotCommissions,
  updateLotCardSources
} from "./lot-passports.writer.js";
const COMMISSION_CONCURRENCY = 16;
async function applyPropertyObjectUpserts(ctx, upserts) {
  const { tx, now } = ctx;
  const results = new Array(upserts.length).fill("applied");
  if (upserts.length === 0) return results;
  const projectIds = new Set(upserts.map((u) => u.payload.ProjectId));
  const cards = await readLotCardStates(tx, [...new Set(upserts.map((u) => u.payload.Id))]);
  const projects = await readProjectsForLots(tx, [...projectIds]);
  const inserts = [];
  const updates = [];
  const applied = [];
  const aggregates = /* @__PURE__ */ new Set();
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
        card?.chessboardVersion ?? null
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
        "project-missing"
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
    publishedAt: upserts[a.index].eventTime
  }));
  await recomputeLots(tx, { lots }, { now, publishedAt: now });
  await recomputeProjectAggregates(tx, [...aggregates], { now });
  const outcomes = await readLotOutcomes(
    tx,
    lots.map((l) => l.id)
  );
  const commissions = await commissionsOf(
    ctx,
    applied.filter((a) => a.commission).map((a) => a.source)
  );
  await setLotCommissions(
    tx,
    commissions.flatMap(([s, r]) => r.kind === "matched" ? [{ id: s.id, commission: r.commission }] : []),
    now
  );
  const deferred = new Map(
    commissions.flatMap(([s, r]) => r.kind === "unavailable" ? [[s.id, r.reason]] : [])
  );
  for (const a of applied) {
    const upsert = upserts[a.index];
    const { log } = a;
    const outcome = outcomes.get(a.source.id);
    const price = outcome ? toHundredths(outcome.price) : null;
    if (price !== null && price <= 0n) {
      log.warn(
        { eventId: upsert.eventId, aggregateId: a.source.id, status: outcome?.status },
        "zero price \u2192 Hidden"
      );
    }
    const reason = deferred.get(a.source.id);
    if (reason !== void 0) {
      ctx.signals.commissionDeferred();
      log.warn(
        { eventId: upsert.eventId, aggregateId: a.source.id, reason },
        "commission recompute deferred"
      );
    }
    const card = cards.get(a.source.id);
    log.debug(
      {
        eventId: upsert.eventId,
        aggregateId: a.source.id,
        version: upsert.payload.Version,
        chessboardVersion: card?.chessboardVersion ?? null
      },
      card ? "updated" : "created"
    );
  }
  return results;
}
async function commissionsOf(ctx, sources) {
  if (!ctx.rewards.enabled || sources.length === 0) return [];
  const out = [];
  for (let i = 0; i < sources.length; i += COMMISSION_CONCURRENCY) {
    const slice = sources.slice(i, i + COMMISSION_CONCURRENCY);
    const answers = await Promise.all(
      slice.map(
        (s) => ctx.rewards.commissionFor({
          propertyObjectId: s.id,
          projectId: s.projectId,
          developerId: s.developerId,
          layoutId: s.layoutId,
          layoutGroupId: s.layoutGroupId,
          rooms: s.roomsCount,
          totalArea: s.areaTotal,
          propertyType: s.propertyType
        })
      )
    );
    for (const [k, s] of slice.entries()) out.push([s, answers[k]]);
  }
  return out;
}
export {
  applyPropertyObjectUpserts
};
//# sourceMappingURL=lot-passport.apply.js.map
