/**
 * The saved-search alert run (decision 0364): drains the catalog's outbox of alert-worthy card
 * changes (catalog.lot_alert_changes, written by a statement trigger on every lot-card write:
 * published, back to Free, price fell — each only for a Published ∧ Free lot), matches the
 * changed lots against every saved search and writes the notifications through the
 * notifications context (inbox + notification-added → `notificationAdded` live).
 *
 * One transaction a batch: the changes are deleted (FOR UPDATE SKIP LOCKED, so two workers share
 * the work), the (user, lot, day) marks inserted, the users' budgets updated and the notifications
 * added together — a crash leaves the batch for the next run, a retry adds nothing twice. Per user
 * and day (decision 0581): one alert per lot across all searches, at most the daily cap, then one
 * overflow digest; "back on sale" only after the lot was off sale longer than a short threshold.
 */
import type { Clock } from "../../../platform/clock/clock.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import type { Logger } from "../../../platform/log/logger.js";
import { type LotFilter, withTypoTolerance } from "../storefront/lot-filter.js";
import { type SearchQuery, searchMatchSql } from "../storefront/search-query.js";
import { freshKey, lockBudgets, markFreshPairs, saveBudget } from "./alert-budget.js";
import { type AlertDraft, type AlertMatch, type AlertReason, decideUserAlerts } from "./alert-drafts.js";

/**
 * Where alerts go: the notifications context's inbox writer, bound by the composition root (the
 * worker), called in the batch's transaction; returns how many notifications were added.
 */
export type AlertSink = (tx: Tx, alert: AlertDraft, clock: Clock) => Promise<number>;

import { lotMatchesFilter, type MatchableLot } from "./lot-matches-filter.js";
import { type SavedFilterJson, savedFilterFromJson } from "./saved-search-filter.js";

export const ALERT_BATCH_SIZE = 1_000;

export interface AlertRunResult {
  /** Change rows taken from the outbox (a short batch means it is drained) */
  readonly taken: number;
  /** Distinct lots among them */
  readonly changes: number;
  readonly lots: number;
  /** (user, lot) pairs new today */
  readonly matches: number;
  readonly notifications: number;
  /** Lots matched after the user's overflow digest of the day: marked, not notified */
  readonly heldBack: number;
  /** Back-on-sale changes dropped: the lot was off sale too briefly */
  readonly briefOffSale: number;
}

interface ChangeRow {
  lot_id: string;
  kind: AlertReason;
  /** BackToFree: how long the lot was off sale (null: not known — it left before tracking began) */
  off_sale_seconds: number | null;
}

interface LotRow {
  id: string;
  region_id: number | null;
  city_id: number | null;
  project_id: string;
  developer_id: string;
  rooms_count: number;
  price: string;
  price_per_meter: string;
  area_total: string;
  delivery_date: Date | null;
  project_kind: string | null;
  property_type: string | null;
  latitude: number | null;
  longitude: number | null;
  floor: number;
  floors_total: number | null;
  property_class: string | null;
  construction_status: string | null;
  readiness_percent: number | null;
  distance_minutes: number | null;
  title: string;
}

interface SearchRow {
  id: string;
  user_id: string;
  name: string;
  filter: SavedFilterJson;
  query: string | null;
}

const matchable = (r: LotRow): MatchableLot => ({
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
  distanceMinutes: r.distance_minutes,
});

/** A change of a lot in one batch: the strongest reason wins (published > back to Free > price). */
const STRENGTH: Record<AlertReason, number> = { Published: 3, BackToFree: 2, PriceDrop: 1 };

/**
 * Takes a batch of changes. A lot back on sale after a short time off it (booked and cancelled
 * within `backOnSaleSeconds`, decision 0581) is no change worth an alert: dropped and counted.
 */
async function takeChanges(
  tx: Tx,
  limit: number,
  backOnSaleSeconds: number,
): Promise<{ taken: number; reasons: Map<string, AlertReason>; briefOffSale: number }> {
  const rows = await tx.$queryRaw<ChangeRow[]>`
    DELETE FROM catalog.lot_alert_changes WHERE id IN (
      SELECT id FROM catalog.lot_alert_changes ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING lot_id::text, kind, off_sale_seconds`;
  const reasons = new Map<string, AlertReason>();
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

/** The lots as they are now: still Published ∧ Free (a change undone since does not alert). */
async function currentLots(tx: Tx, ids: readonly string[]): Promise<LotRow[]> {
  return tx.$queryRaw<LotRow[]>`
    SELECT id::text, region_id, city_id, project_id::text, developer_id::text, rooms_count, price::text,
      price_per_meter::text, area_total::text, delivery_date, project_kind, property_type,
      geo_latitude::float8 AS latitude, geo_longitude::float8 AS longitude, floor, floors_total,
      property_class, construction_status, readiness_percent, distance_minutes, title
    FROM catalog.property_object_cards
    WHERE id = ANY(${ids}::uuid[]) AND status = 'Published' AND property_object_status = 'Free'`;
}

/**
 * The batch's lots that match a text query, in SQL (Russian stemming, trigrams where available):
 * one statement per distinct query of the batch, however many searches share it.
 */
function textMatcher(tx: Tx, ids: readonly string[]) {
  const cache = new Map<string, Promise<Set<string>>>();
  return (search: SearchQuery): Promise<Set<string>> => {
    const key = `${search.typoTolerant ? "t" : "f"}|${search.text}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = tx.$queryRaw<Array<{ id: string }>>`
          SELECT id::text FROM catalog.property_object_cards
          WHERE id = ANY(${ids}::uuid[]) AND ${searchMatchSql(search)}`.then(
        (rows) => new Set(rows.map((r) => r.id)),
      );
      cache.set(key, hit);
    }
    return hit;
  };
}

function parsed(row: SearchRow, typoTolerant: boolean, log: Logger): LotFilter | null {
  try {
    return withTypoTolerance(savedFilterFromJson(row.filter, row.query), typoTolerant);
  } catch (error) {
    // A stored filter that no longer validates (a bound tightened since): skipped, not fatal.
    log.warn({ savedSearchId: row.id, err: error }, "saved search filter no longer valid; skipped");
    return null;
  }
}

export interface AlertBatchDeps {
  readonly clock: Clock;
  readonly log: Logger;
  readonly typoTolerant: boolean;
  readonly sink: AlertSink;
  /** Notifications a user gets a day before the overflow digest (decision 0581) */
  readonly dailyCap: number;
  /** A lot back on sale alerts only after this long off sale (decision 0581) */
  readonly backOnSaleSeconds: number;
  readonly batchSize?: number;
}

/** The (search, lot) pairs of the batch: every saved search against the batch's lots. */
async function matchPairs(
  tx: Tx,
  lots: readonly LotRow[],
  deps: AlertBatchDeps,
): Promise<Array<{ search: SearchRow; lot: LotRow }>> {
  const searches = await tx.$queryRaw<SearchRow[]>`
    SELECT id::text, user_id, name, filter, query FROM catalog.saved_searches ORDER BY created_at, id`;
  const pairs: Array<{ search: SearchRow; lot: LotRow }> = [];
  const textMatches = textMatcher(
    tx,
    lots.map((l) => l.id),
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

/**
 * Per user, not per search (decision 0581): a lot is one match for its user whatever number of
 * their searches it matches (the first, oldest search names it); the (user, lot, day) marks keep
 * the lots already told about today out; then each user's budget decides what is sent.
 */
async function notifyUsers(
  tx: Tx,
  pairs: ReadonlyArray<{ search: SearchRow; lot: LotRow }>,
  reasons: ReadonlyMap<string, AlertReason>,
  deps: AlertBatchDeps,
): Promise<{ matches: number; notifications: number; heldBack: number }> {
  const day = deps.clock.now().toISOString().slice(0, 10);
  const byUser = new Map<string, Map<string, AlertMatch>>();
  for (const { search, lot } of pairs) {
    const lots = byUser.get(search.user_id) ?? new Map<string, AlertMatch>();
    if (lots.has(lot.id)) continue;
    const alertSearch = { id: search.id, userId: search.user_id, name: search.name };
    const reason = reasons.get(lot.id) as AlertReason;
    lots.set(lot.id, { lotId: lot.id, title: lot.title, price: lot.price, reason, search: alertSearch });
    byUser.set(search.user_id, lots);
  }
  const all = [...byUser.values()].flatMap((lots) => [...lots.values()]);
  const fresh = await markFreshPairs(
    tx,
    all.map((m) => ({ userId: m.search.userId, lotId: m.lotId })),
    day,
  );
  const freshByUser = new Map<string, AlertMatch[]>();
  for (const m of all) {
    if (!fresh.has(freshKey(m.search.userId, m.lotId))) continue;
    freshByUser.set(m.search.userId, [...(freshByUser.get(m.search.userId) ?? []), m]);
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

export async function runSavedSearchAlertBatch(db: Db, deps: AlertBatchDeps): Promise<AlertRunResult> {
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
        heldBack: 0,
      };
      if (reasons.size === 0) return none;
      const lots = await currentLots(tx, [...reasons.keys()]);
      if (lots.length === 0) return none;
      const pairs = await matchPairs(tx, lots, deps);
      if (pairs.length === 0) return { ...none, lots: lots.length };
      return { ...none, lots: lots.length, ...(await notifyUsers(tx, pairs, reasons, deps)) };
    },
    { timeout: 60_000 },
  );
}
