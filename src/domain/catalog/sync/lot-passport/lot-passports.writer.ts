/** D. PropertyObjectUpserted's writes, set-based: passports inserted in one statement, updated in one (optimistic), commissions in one. */
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { ConcurrencyConflictError } from "../../../../platform/errors/concurrency-conflict.js";
import { derivedLotColumns, derivedLotJoins } from "../../cards/sql/derived-lot-columns.js";
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
 * Creates lot cards from their passports in one INSERT … SELECT FROM unnest, each card written
 * once and complete (decision 0635): the snapshot, then the storefront fields derived from it by
 * the recompute's own rules (derived-lot-columns.ts: effective values, visibility, the project's
 * denormalised fields), PublishedAt the event's time when the card is born Published. Building
 * fields come from the building snapshot when its event was already seen (decision 0085). A lot
 * created concurrently is a conflict for the whole call.
 */
export async function insertLotCards(tx: RawTx, rows: readonly LotPassportRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const c = columns(rows);
  const inserted = await tx.$executeRaw`
    WITH l AS (
      SELECT t.id, t.project_id, t.building_id, t.developer_id, t.layout_id, t.layout_group_id,
        t.status AS property_object_status, t.number, t.floor, t.rooms AS rooms_count, t.area_total,
        t.area_living, t.view, t.property_type, t.type_name, t.title AS source_title,
        t.price AS source_price, NULL::text AS source_badge, NULL::int AS source_stars,
        NULL::int AS source_distance_minutes,
        CASE WHEN b.floors_total >= t.floor THEN b.delivery_date END AS source_delivery_date,
        CASE WHEN b.floors_total >= t.floor THEN b.readiness_percent END AS source_readiness_percent,
        CASE WHEN b.floors_total >= t.floor THEN b.name END AS building_name,
        CASE WHEN b.floors_total >= t.floor THEN b.floors_total END AS floors_total,
        NULL::text AS project_name, NULL::text AS project_kind, NULL::text AS property_class,
        NULL::text AS construction_status, NULL::int AS region_id, NULL::text AS region_name,
        NULL::int AS city_id, NULL::text AS city_name, NULL::text AS address, NULL::text AS developer_name,
        NULL::uuid AS cover_file_id, NULL::numeric AS geo_latitude, NULL::numeric AS geo_longitude,
        t.version, t.event_time
      FROM unnest(${c.id}::uuid[], ${c.projectId}::uuid[], ${c.buildingId}::uuid[], ${c.developerId}::uuid[],
                  ${c.layoutId}::uuid[], ${c.layoutGroupId}::uuid[], ${c.status}::text[], ${c.number}::text[],
                  ${c.floor}::int[], ${c.rooms}::int[], ${c.areaTotal}::numeric[], ${c.areaLiving}::numeric[],
                  ${c.view}::text[], ${c.propertyType}::text[], ${c.typeName}::text[], ${c.title}::text[],
                  ${c.price}::numeric[], ${c.version}::bigint[], ${c.eventTime}::timestamptz[])
        AS t(id, project_id, building_id, developer_id, layout_id, layout_group_id, status, number, floor,
             rooms, area_total, area_living, view, property_type, type_name, title, price, version, event_time)
      LEFT JOIN catalog.building_snapshots b ON b.id = t.building_id
    ), c AS (
      SELECT l.id, l.project_id, l.building_id, l.developer_id, l.layout_id, l.layout_group_id,
        l.property_object_status, l.number, l.floor, l.rooms_count, l.area_total, l.area_living, l.view,
        l.property_type, l.type_name, l.source_title, l.source_price, l.source_delivery_date,
        l.source_readiness_percent, l.building_name, l.floors_total, l.version, l.event_time,
${derivedLotColumns()}
      FROM l
      ${derivedLotJoins(now)}
    )
    INSERT INTO catalog.property_object_cards (
      id, project_id, building_id, developer_id, layout_id, layout_group_id, property_object_status,
      number, floor, rooms_count, area_total, area_living, view, property_type, type_name,
      source_contract_version, source_title, source_price, source_delivery_date, source_readiness_percent,
      building_name, floors_total, chessboard_version, chessboard_synced_at, created_at, updated_at,
      status, title, price, price_per_meter, badge, stars, distance_minutes, source_stars,
      source_distance_minutes, delivery_date, readiness_percent, project_name, project_kind, property_class,
      construction_status, region_id, region_name, city_id, city_name, address, developer_name,
      cover_file_id, geo_latitude, geo_longitude, published_at)
    SELECT c.id, c.project_id, c.building_id, c.developer_id, c.layout_id, c.layout_group_id,
      c.property_object_status, c.number, c.floor, c.rooms_count, c.area_total, c.area_living, c.view,
      c.property_type, c.type_name, ${CONTRACT_VERSION}, c.source_title, c.source_price,
      c.source_delivery_date, c.source_readiness_percent, c.building_name, c.floors_total, c.version,
      c.event_time, ${now}, ${now},
      c.status, c.title, c.price, c.price_per_meter, c.badge, c.stars, c.distance_minutes, c.source_stars,
      c.source_distance_minutes, c.delivery_date, c.readiness_percent, c.project_name, c.project_kind,
      c.property_class, c.construction_status, c.region_id, c.region_name, c.city_id, c.city_name, c.address,
      c.developer_name, c.cover_file_id, c.geo_latitude, c.geo_longitude,
      CASE WHEN c.status = 'Published' THEN c.event_time END
    FROM c
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
