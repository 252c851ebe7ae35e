import { withTypoTolerance } from "../storefront/lot-filter.js";
import { searchMatchSql } from "../storefront/search-query.js";
import { freshKey, lockBudgets, markFreshPairs, saveBudget } from "./alert-budget.js";
import { decideUserAlerts } from "./alert-drafts.js";
import { lotMatchesFilter } from "./lot-matches-filter.js";
import { savedFilterFromJson } from "./saved-search-filter.js";
const ALERT_BATCH_SIZE = 1e3;
const matchable = (r) => ({
  id: r.id,
  regionId: r.region_id,
  cityId: r.city_id,
  projectId: r.project_id,
  developerId: r.developer_id,
  rooms: r.rooms_count,
  price: r.price,
  pricePerMeter: r.price_per_meter,
  areaTotal: r.area_total,
  deliveryDate: r.delivery_date,
  projectKind: r.project_kind,
  propertyType: r.property_type,
  latitude: r.latitude,
  longitude: r.longitude,
  floor: r.floor,
  floorsTotal: r.floors_total,
  propertyClass: r.property_class,
  constructionStatus: r.construction_status,
  readinessPercent: r.readiness_percent,
  distanceMinutes: r.distance_minutes
});
const STRENGTH = { Published: 3, BackToFree: 2, PriceDrop: 1 };
async function takeChanges(tx, limit, backOnSaleSeconds) {
  const rows = await tx.$queryRaw`
    DELETE FROM catalog.lot_alert_changes WHERE id IN (
      SELECT id FROM catalog.lot_alert_changes ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING lot_id::text, kind, off_sale_seconds`;
  const reasons = /* @__PURE__ */ new Map();
  let briefOffSale = 0;
  for (const r of rows) {
    if (r.kind === "BackToFree" && r.off_sale_seconds !== null && r.off_sale_seconds < backOnSaleSeconds) {
      briefOffSale += 1;
      continue;
    }
    const seen = reasons.get(r.lot_id);
    if (!seen || STRENGTH[r.kind] > STRENGTH[seen]) reasons.set(r.lot_id, r.kind);
  }
  return { taken: rows.length, reasons, briefOffSale };
}
async function currentLots(tx, ids) {
  return tx.$queryRaw`
    SELECT id::text, region_id, city_id, project_id::text, developer_id::text, rooms_count, price::text,
      price_per_meter::text, area_total::text, delivery_date, project_kind, property_type,
      geo_latitude::float8 AS latitude, geo_longitude::float8 AS longitude, floor, floors_total,
      property_class, construction_status, readiness_percent, distance_minutes, title
    FROM catalog.property_object_cards
    WHERE id = ANY(${ids}::uuid[]) AND status = 'Published' AND property_object_status = 'Free'`;
}
function textMatcher(tx, ids) {
  const cache = /* @__PURE__ */ new Map();
  return (search) => {
    const key = `${search.typoTolerant ? "t" : "f"}|${search.text}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = tx.$queryRaw`
          SELECT id::text FROM catalog.property_object_cards
          WHERE id = ANY(${ids}::uuid[]) AND ${searchMatchSql(search)}`.then(
        (rows) => new Set(rows.map((r) => r.id))
      );
      cache.set(key, hit);
    }
    return hit;
  };
}
function parsed(row, typoTolerant, log) {
  try {
    return withTypoTolerance(savedFilterFromJson(row.filter, row.query), typoTolerant);
  } catch (error) {
    log.warn({ savedSearchId: row.id, err: error }, "saved search filter no longer valid; skipped");
    return null;
  }
}
async function matchPairs(tx, lots, deps) {
  const searches = await tx.$queryRaw`
    SELECT id::text, user_id, name, filter, query FROM catalog.saved_searches ORDER BY created_at, id`;
  const pairs = [];
  const textMatches = textMatcher(
    tx,
    lots.map((l) => l.id)
  );
  for (const search of searches) {
    const filter = parsed(search, deps.typoTolerant, deps.log);
    if (!filter) continue;
    const candidates = lots.filter((l) => lotMatchesFilter(filter, matchable(l)));
    if (candidates.length === 0) continue;
    const text = filter.search ? await textMatches(filter.search) : null;
    for (const lot of candidates) if (!text || text.has(lot.id)) pairs.push({ search, lot });
  }
  return pairs;
}
async function notifyUsers(tx, pairs, reasons, deps) {
  const day = deps.clock.now().toISOString().slice(0, 10);
  const byUser = /* @__PURE__ */ new Map();
  for (const { search, lot } of pairs) {
    const lots = byUser.get(search.user_id) ?? /* @__PURE__ */ new Map();
    if (lots.has(lot.id)) continue;
    const alertSearch = { id: search.id, userId: search.user_id, name: search.name };
    const reason = reasons.get(lot.id);
    lots.set(lot.id, { lotId: lot.id, title: lot.title, price: lot.price, reason, search: alertSearch });
    byUser.set(search.user_id, lots);
  }
  const all = [...byUser.values()].flatMap((lots) => [...lots.values()]);
  const fresh = await markFreshPairs(
    tx,
    all.map((m) => ({ userId: m.search.userId, lotId: m.lotId })),
    day
  );
  const freshByUser = /* @__PURE__ */ new Map();
  for (const m of all) {
    if (!fresh.has(freshKey(m.search.userId, m.lotId))) continue;
    freshByUser.set(m.search.userId, [...freshByUser.get(m.search.userId) ?? [], m]);
  }
  const budgets = await lockBudgets(tx, [...freshByUser.keys()], day);
  let notifications = 0;
  let heldBack = 0;
  for (const [userId, matches] of freshByUser) {
    const before = budgets.get(userId) ?? { notified: 0, digested: false, heldBack: 0 };
    const decided = decideUserAlerts(userId, matches, before, { day, dailyCap: deps.dailyCap });
    for (const alert of decided.drafts) notifications += await deps.sink(tx, alert, deps.clock);
    heldBack += decided.budget.heldBack - before.heldBack;
    await saveBudget(tx, userId, day, decided.budget);
  }
  return { matches: fresh.size, notifications, heldBack };
}
async function runSavedSearchAlertBatch(db, deps) {
  return db.$transaction(
    async (tx) => {
      const limit = deps.batchSize ?? ALERT_BATCH_SIZE;
      const { taken, reasons, briefOffSale } = await takeChanges(tx, limit, deps.backOnSaleSeconds);
      const none = {
        taken,
        briefOffSale,
        changes: reasons.size,
        lots: 0,
        matches: 0,
        notifications: 0,
        heldBack: 0
      };
      if (reasons.size === 0) return none;
      const lots = await currentLots(tx, [...reasons.keys()]);
      if (lots.length === 0) return none;
      const pairs = await matchPairs(tx, lots, deps);
      if (pairs.length === 0) return { ...none, lots: lots.length };
      return { ...none, lots: lots.length, ...await notifyUsers(tx, pairs, reasons, deps) };
    },
    { timeout: 6e4 }
  );
}
export {
  ALERT_BATCH_SIZE,
  runSavedSearchAlertBatch
};
//# sourceMappingURL=saved-search-alerts.js.map
