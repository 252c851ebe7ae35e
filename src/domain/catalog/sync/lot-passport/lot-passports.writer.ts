/** D. PropertyObjectUpserted's writes, set-based: passports inserted in one statement, updated in one (optimistic), commissions in one. */
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { ConcurrencyConflictError } from "../../../../platform/errors/concurrency-conflict.js";
import type { LotSource } from "./lot-passport.decide.js";

const CONTRACT_VERSION = 1;

/** A lot's passport (flow D) with the time of the event that carried it. */
export interface LotPassportRow {
  readonly source: LotSource;
  readonly eventTime: Date;
}

/** An existing lot's passport, checked against the row version it was decided on. */
export interface LotPassportUpdateRow extends LotPassportRow {
  readonly expectedRowVersion: number;
}

/** The passport columns of many lots as parallel arrays (one `unnest` argument each). */
function columns(rows: readonly LotPassportRow[]) {
  const s = rows.map((r) => r.source);
  return {
    id: s.map((x) => x.id),
    projectId: s.map((x) => x.projectId),
    buildingId: s.map((x) => x.buildingId),
    developerId: s.map((x) => x.developerId),
    layoutId: s.map((x) => x.layoutId),
    layoutGroupId: s.map((x) => x.layoutGroupId),
    status: s.map((x) => x.propertyObjectStatus as string),
    number: s.map((x) => x.number),
    floor: s.map((x) => x.floor),
    rooms: s.map((x) => x.roomsCount),
    areaTotal: s.map((x) => x.areaTotal),
    areaLiving: s.map((x) => x.areaLiving),
    view: s.map((x) => x.view),
    propertyType: s.map((x) => x.propertyType as string | null),
    typeName: s.map((x) => x.typeName),
    title: s.map((x) => x.title),
    price: s.map((x) => x.price),
    version: s.map((x) => x.chessboardVersion),
    eventTime: rows.map((r) => r.eventTime),
  };
}

/**
 * Creates lot cards from their passports in one INSERT … SELECT FROM unnest. Effective values
 * start as the snapshot and the status as Hidden; recomputeLots derives the rest. Building fields
 * come from the building snapshot when its event was already seen (decision 0085), the project's
 * Stars/DistanceMinutes from its card. A lot created concurrently is a conflict for the whole call.
 */
export async function insertLotCards(tx: RawTx, rows: readonly LotPassportRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const c = columns(rows);
  const inserted = await tx.$executeRaw`
    INSERT INTO catalog.property_object_cards (
      id, project_id, building_id, developer_id, layout_id, layout_group_id, status,
      property_object_status, number, floor, rooms_count, area_total, area_living, view, property_type,
      type_name, title, price, price_per_meter, source_contract_version, source_title, source_price,
      source_stars, source_distance_minutes, source_delivery_date, source_readiness_percent,
      building_name, floors_total, chessboard_version, chessboard_synced_at, created_at, updated_at)
    SELECT t.id, t.project_id, t.building_id, t.developer_id, t.layout_id, t.layout_group_id, 'Hidden',
      t.status, t.number, t.floor, t.rooms, t.area_total, t.area_living, t.view, t.property_type,
      t.type_name, t.title, t.price, round(t.price / t.area_total, 2), ${CONTRACT_VERSION}, t.title,
      t.price, p.source_stars, p.source_distance_minutes,
      CASE WHEN b.floors_total >= t.floor THEN b.delivery_date END,
      CASE WHEN b.floors_total >= t.floor THEN b.readiness_percent END,
      CASE WHEN b.floors_total >= t.floor THEN b.name END,
      CASE WHEN b.floors_total >= t.floor THEN b.floors_total END,
      t.version, t.event_time, ${now}, ${now}
    FROM unnest(${c.id}::uuid[], ${c.projectId}::uuid[], ${c.buildingId}::uuid[], ${c.developerId}::uuid[],
                ${c.layoutId}::uuid[], ${c.layoutGroupId}::uuid[], ${c.status}::text[], ${c.number}::text[],
                ${c.floor}::int[], ${c.rooms}::int[], ${c.areaTotal}::numeric[], ${c.areaLiving}::numeric[],
                ${c.view}::text[], ${c.propertyType}::text[], ${c.typeName}::text[], ${c.title}::text[],
                ${c.price}::numeric[], ${c.version}::bigint[], ${c.eventTime}::timestamptz[])
      AS t(id, project_id, building_id, developer_id, layout_id, layout_group_id, status, number, floor,
           rooms, area_total, area_living, view, property_type, type_name, title, price, version, event_time)
    LEFT JOIN catalog.project_cards p ON p.id = t.project_id
    LEFT JOIN catalog.building_snapshots b ON b.id = t.building_id
    ON CONFLICT (id) DO NOTHING`;
  if (inserted !== rows.length) {
    throw new ConcurrencyConflictError(
      `${rows.length - inserted} of ${rows.length} lot cards were created concurrently`,
    );
  }
}

/**
 * Overwrites many lots' passports in one UPDATE … FROM unnest (a restored lot leaves Delisted
 * here: the recompute decides). Optimistic: a row whose row_version moved is not written and the
 * whole call is a conflict.
 */
export async function updateLotCardSources(
  tx: RawTx,
  rows: readonly LotPassportUpdateRow[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const c = columns(rows);
  const expected = rows.map((r) => r.expectedRowVersion);
  const updated = await tx.$executeRaw`
    UPDATE catalog.property_object_cards l SET
      project_id = t.project_id, building_id = t.building_id, developer_id = t.developer_id,
      layout_id = t.layout_id, layout_group_id = t.layout_group_id,
      property_object_status = t.status, number = t.number, floor = t.floor,
      rooms_count = t.rooms, area_total = t.area_total, area_living = t.area_living,
      view = t.view, property_type = t.property_type, type_name = t.type_name,
      source_contract_version = ${CONTRACT_VERSION}, source_title = t.title, source_price = t.price,
      status = CASE WHEN l.status = 'Delisted' THEN 'Hidden' ELSE l.status END,
      chessboard_version = t.version, chessboard_synced_at = t.event_time,
      row_version = l.row_version + 1, updated_at = ${now}
    FROM unnest(${c.id}::uuid[], ${expected}::int[], ${c.projectId}::uuid[], ${c.buildingId}::uuid[],
                ${c.developerId}::uuid[], ${c.layoutId}::uuid[], ${c.layoutGroupId}::uuid[], ${c.status}::text[],
                ${c.number}::text[], ${c.floor}::int[], ${c.rooms}::int[], ${c.areaTotal}::numeric[],
                ${c.areaLiving}::numeric[], ${c.view}::text[], ${c.propertyType}::text[], ${c.typeName}::text[],
                ${c.title}::text[], ${c.price}::numeric[], ${c.version}::bigint[], ${c.eventTime}::timestamptz[])
      AS t(id, row_version, project_id, building_id, developer_id, layout_id, layout_group_id, status,
           number, floor, rooms, area_total, area_living, view, property_type, type_name, title, price,
           version, event_time)
    WHERE l.id = t.id AND l.row_version = t.row_version`;
  if (updated !== rows.length) {
    throw new ConcurrencyConflictError(
      `${rows.length - updated} of ${rows.length} lot cards changed concurrently`,
    );
  }
}

/** AgentCommission of many lots in one statement (null: no matching rule). */
export async function setLotCommissions(
  tx: RawTx,
  rows: ReadonlyArray<{ readonly id: string; readonly commission: string | null }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    UPDATE catalog.property_object_cards l SET agent_commission = t.commission,
      commission_recomputed_at = ${now}, updated_at = ${now}
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.commission)}::numeric[])
      AS t(id, commission)
    WHERE l.id = t.id`;
}
