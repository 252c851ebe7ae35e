/**
 * The saved-search alert run (decision 0364): drains the catalog's outbox of alert-worthy card
 * changes (catalog.lot_alert_changes, written by a statement trigger on every lot-card write:
 * published, back to Free, price fell — each only for a Published ∧ Free lot), matches the
 * changed lots against every saved search and writes the notifications through the
 * notifications context (inbox + notification-added → `notificationAdded` live).
 *
 * One transaction a batch: the changes are deleted (FOR UPDATE SKIP LOCKED, so two workers share
 * the work), the (search, lot, day) marks inserted and the notifications added together — a crash
 * leaves the batch for the next run, a retry adds nothing twice.
 */
import type { Clock } from "../../../platform/clock/clock.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import type { Logger } from "../../../platform/log/logger.js";
import { type LotFilter, withTypoTolerance } from "../storefront/lot-filter.js";
import { type SearchQuery, searchMatchSql } from "../storefront/search-query.js";
import {
  type AlertDraft,
  type AlertMatch,
  type AlertReason,
  type AlertSearch,
  decideAlertDrafts,
} from "./alert-drafts.js";

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
  readonly matches: number;
  readonly notifications: number;
}

interface ChangeRow {
  lot_id: string;
  kind: AlertReason;
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

async function takeChanges(
  tx: Tx,
  limit: number,
): Promise<{ taken: number; reasons: Map<string, AlertReason> }> {
  const rows = await tx.$queryRaw<ChangeRow[]>`
    DELETE FROM catalog.lot_alert_changes WHERE id IN (
      SELECT id FROM catalog.lot_alert_changes ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING lot_id::text, kind`;
  const reasons = new Map<string, AlertReason>();
  for (const r of rows) {
    const seen = reasons.get(r.lot_id);
    if (!seen || STRENGTH[r.kind] > STRENGTH[seen]) reasons.set(r.lot_id, r.kind);
  }
  return { taken: rows.length, reasons };
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

export async function runSavedSearchAlertBatch(
  db: Db,
  deps: { clock: Clock; log: Logger; typoTolerant: boolean; sink: AlertSink; batchSize?: number },
): Promise<AlertRunResult> {
  return db.$transaction(
    async (tx) => {
      const { taken, reasons } = await takeChanges(tx, deps.batchSize ?? ALERT_BATCH_SIZE);
      if (reasons.size === 0) return { taken, changes: 0, lots: 0, matches: 0, notifications: 0 };
      const lots = await currentLots(tx, [...reasons.keys()]);
      if (lots.length === 0) return { taken, changes: reasons.size, lots: 0, matches: 0, notifications: 0 };
      const searches = await tx.$queryRaw<SearchRow[]>`
      SELECT id::text, user_id, name, filter, query FROM catalog.saved_searches ORDER BY id`;
      const day = deps.clock.now().toISOString().slice(0, 10);
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
      if (pairs.length === 0)
        return { taken, changes: reasons.size, lots: lots.length, matches: 0, notifications: 0 };
      // At most one alert per search and lot a day: the marks that already exist filter the pairs.
      const fresh = await tx.$queryRaw<Array<{ saved_search_id: string; lot_id: string }>>`
      INSERT INTO catalog.saved_search_alerts (saved_search_id, lot_id, day)
      SELECT s, l, ${day}::date FROM unnest(${pairs.map((p) => p.search.id)}::uuid[], ${pairs.map((p) => p.lot.id)}::uuid[]) AS t(s, l)
      ON CONFLICT DO NOTHING
      RETURNING saved_search_id::text, lot_id::text`;
      const freshKeys = new Set(fresh.map((f) => `${f.saved_search_id}|${f.lot_id}`));
      const bySearch = new Map<string, { search: AlertSearch; matches: AlertMatch[] }>();
      for (const { search, lot } of pairs) {
        if (!freshKeys.has(`${search.id}|${lot.id}`)) continue;
        const entry = bySearch.get(search.id) ?? {
          search: { id: search.id, userId: search.user_id, name: search.name },
          matches: [],
        };
        entry.matches.push({
          lotId: lot.id,
          title: lot.title,
          price: lot.price,
          reason: reasons.get(lot.id) as AlertReason,
        });
        bySearch.set(search.id, entry);
      }
      let notifications = 0;
      for (const { search, matches } of bySearch.values()) {
        for (const alert of decideAlertDrafts(search, matches, day)) {
          notifications += await deps.sink(tx, alert, deps.clock);
        }
      }
      return { taken, changes: reasons.size, lots: lots.length, matches: freshKeys.size, notifications };
    },
    { timeout: 60_000 },
  );
}
