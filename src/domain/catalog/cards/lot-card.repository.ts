import type { PropertyType } from "../../../contracts/chessboard-events.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { type CardStatus, mapTypeName, type ProjectKind } from "../sync/mapping.js";
import { generateTitle } from "../sync/numbers.js";
import type { BuildingSource, LotCardState } from "../sync/sync.decide.js";
import { LOT_BATCH_SIZE } from "./recompute-cards.js";

interface LotRow {
  id: string;
  project_id: string;
  developer_id: string;
  status: CardStatus;
  chessboard_version: bigint;
  row_version: number;
  layout_id: string | null;
  layout_group_id: string | null;
  rooms_count: number;
  area_total: string;
  property_type: PropertyType | null;
}

const toLotCardState = (row: LotRow): LotCardState => ({
  id: row.id,
  projectId: row.project_id,
  developerId: row.developer_id,
  status: row.status,
  chessboardVersion: Number(row.chessboard_version),
  rowVersion: row.row_version,
  layoutId: row.layout_id,
  layoutGroupId: row.layout_group_id,
  roomsCount: row.rooms_count,
  areaTotal: row.area_total,
  propertyType: row.property_type,
});

export async function readLotCardState(tx: Tx, id: string): Promise<LotCardState | null> {
  return (await readLotCardStates(tx, [id])).get(id) ?? null;
}

/** The guard state of many lots in one statement (absent lots are absent from the map). */
export async function readLotCardStates(tx: Tx, ids: readonly string[]): Promise<Map<string, LotCardState>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<LotRow[]>`
    SELECT id::text, project_id::text, developer_id::text, status, chessboard_version, row_version,
           layout_id::text, layout_group_id::text, rooms_count, area_total::text, property_type
    FROM catalog.property_object_cards WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.id, toLotCardState(row)]));
}

export interface LotOutcome {
  readonly status: CardStatus;
  readonly price: string;
  readonly sourcePrice: string;
}

/** After the recompute: the lots' status and effective price (for the zero-price warning and logs). */
export async function readLotOutcomes(tx: Tx, ids: readonly string[]): Promise<Map<string, LotOutcome>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<
    Array<{ id: string; status: CardStatus; price: string; source_price: string }>
  >`
    SELECT id::text, status, price::text, source_price::text FROM catalog.property_object_cards
    WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { status: r.status, price: r.price, sourcePrice: r.source_price }]));
}

/** B. DeveloperUpserted: DeveloperName on the developer's lots, in batches of 500 (keyset by id). */
export async function renameDeveloperOnLots(
  tx: Tx,
  developerId: string,
  name: string,
  now: Date,
  onBatch: () => Promise<void>,
): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let total = 0;
  for (;;) {
    const [row] = await tx.$queryRaw<Array<{ last_id: string | null; n: bigint; changed: bigint }>>`
      WITH batch AS (
        SELECT id FROM catalog.property_object_cards
        WHERE developer_id = ${developerId}::uuid AND id > ${after}::uuid ORDER BY id LIMIT ${LOT_BATCH_SIZE}
      ), upd AS (
        UPDATE catalog.property_object_cards l SET developer_name = ${name}, row_version = l.row_version + 1,
          updated_at = ${now}
        FROM batch b WHERE l.id = b.id AND l.developer_name IS DISTINCT FROM ${name}
        RETURNING 1
      )
      SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last_id,
             (SELECT count(*) FROM batch) AS n, (SELECT count(*) FROM upd) AS changed`;
    const n = Number(row?.n ?? 0);
    total += Number(row?.changed ?? 0);
    if (n < LOT_BATCH_SIZE) break;
    after = row?.last_id as string;
    await onBatch();
  }
  return total;
}

export async function readBuildingSnapshotVersion(tx: Tx, id: string): Promise<number | null> {
  const [row] = await tx.$queryRaw<Array<{ v: bigint }>>`
    SELECT chessboard_version AS v FROM catalog.building_snapshots WHERE id = ${id}::uuid`;
  return row ? Number(row.v) : null;
}

export async function upsertBuildingSnapshot(
  tx: Tx,
  b: BuildingSource,
  eventTime: Date,
  now: Date,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO catalog.building_snapshots
      (id, project_id, name, floors_total, delivery_date, readiness_percent, chessboard_version,
       chessboard_synced_at, updated_at)
    VALUES (${b.id}::uuid, ${b.projectId}::uuid, ${b.name}, ${b.floorsTotal}, ${b.deliveryDate}::date,
            ${b.readinessPercent}, ${b.chessboardVersion}, ${eventTime}, ${now})
    ON CONFLICT (id) DO UPDATE SET project_id = EXCLUDED.project_id, name = EXCLUDED.name,
      floors_total = EXCLUDED.floors_total, delivery_date = EXCLUDED.delivery_date,
      readiness_percent = EXCLUDED.readiness_percent, chessboard_version = EXCLUDED.chessboard_version,
      chessboard_synced_at = EXCLUDED.chessboard_synced_at, updated_at = EXCLUDED.updated_at`;
}

/**
 * C. BuildingUpserted: the building's fields on its lots (except Delisted), batches of 500. A lot
 * above the new FloorsTotal is skipped (its passport event will fix it) and counted for the warning.
 */
export async function applyBuildingToLots(
  tx: Tx,
  b: BuildingSource,
  now: Date,
  onBatch: () => Promise<void>,
): Promise<{ updated: number; skippedFloor: number }> {
  let after = "00000000-0000-0000-0000-000000000000";
  let updated = 0;
  let skippedFloor = 0;
  for (;;) {
    const [row] = await tx.$queryRaw<
      Array<{ last_id: string | null; n: bigint; changed: bigint; skipped: bigint }>
    >`
      WITH batch AS (
        SELECT id, floor FROM catalog.property_object_cards
        WHERE building_id = ${b.id}::uuid AND status <> 'Delisted' AND id > ${after}::uuid
        ORDER BY id LIMIT ${LOT_BATCH_SIZE}
      ), upd AS (
        UPDATE catalog.property_object_cards l SET building_name = ${b.name}, floors_total = ${b.floorsTotal},
          source_delivery_date = ${b.deliveryDate}::date, source_readiness_percent = ${b.readinessPercent},
          row_version = l.row_version + 1, updated_at = ${now}
        FROM batch x
        WHERE l.id = x.id AND x.floor <= ${b.floorsTotal}
          AND (l.building_name, l.floors_total, l.source_delivery_date, l.source_readiness_percent)
            IS DISTINCT FROM (${b.name}, ${b.floorsTotal}::int, ${b.deliveryDate}::date, ${b.readinessPercent}::int)
        RETURNING 1
      )
      SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last_id,
             (SELECT count(*) FROM batch) AS n, (SELECT count(*) FROM upd) AS changed,
             (SELECT count(*) FROM batch WHERE floor > ${b.floorsTotal}) AS skipped`;
    const n = Number(row?.n ?? 0);
    updated += Number(row?.changed ?? 0);
    skippedFloor += Number(row?.skipped ?? 0);
    if (n < LOT_BATCH_SIZE) break;
    after = row?.last_id as string;
    await onBatch();
  }
  return { updated, skippedFloor };
}

/**
 * Lots created before their project card got TypeName/Title from the default kind; once the
 * project (and its Kind) is known they are re-titled (the title rule lives in TypeScript), one
 * UPDATE … FROM unnest per batch of 500.
 */
export async function retitleLotsForKind(
  tx: Tx,
  projectId: string,
  kind: ProjectKind,
  now: Date,
): Promise<number> {
  const rows = await tx.$queryRaw<
    Array<{ id: string; rooms_count: number; area_total: string; property_type: string | null }>
  >`
    SELECT id::text, rooms_count, area_total::text, property_type FROM catalog.property_object_cards
    WHERE project_id = ${projectId}::uuid AND project_kind IS DISTINCT FROM ${kind} AND status <> 'Delisted'`;
  for (let i = 0; i < rows.length; i += LOT_BATCH_SIZE) {
    const batch = rows.slice(i, i + LOT_BATCH_SIZE);
    const ids = batch.map((r) => r.id);
    const typeNames = batch.map((r) => mapTypeName(r.property_type, kind, []));
    const titles = batch.map((r, k) => generateTitle(r.rooms_count, typeNames[k] as string, r.area_total));
    await tx.$executeRaw`
      UPDATE catalog.property_object_cards l SET type_name = t.type_name, source_title = t.title,
        row_version = l.row_version + 1, updated_at = ${now}
      FROM unnest(${ids}::uuid[], ${typeNames}::text[], ${titles}::text[]) AS t(id, type_name, title)
      WHERE l.id = t.id AND (l.type_name, l.source_title) IS DISTINCT FROM (t.type_name, t.title)`;
  }
  return rows.length;
}
