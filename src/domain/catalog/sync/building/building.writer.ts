/**
 * C. BuildingUpserted's writes: the building snapshot (one upsert) and the building's fields on its
 * lots, set-based in keyset batches of LOT_BATCH_SIZE.
 */
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { LOT_BATCH_SIZE } from "../../cards/recompute-cards.js";
import type { BuildingSource } from "./building.decide.js";

export async function readBuildingSnapshotVersion(tx: RawTx, id: string): Promise<number | null> {
  const [row] = await tx.$queryRaw<Array<{ v: bigint }>>`
    SELECT chessboard_version AS v FROM catalog.building_snapshots WHERE id = ${id}::uuid`;
  return row ? Number(row.v) : null;
}

export async function upsertBuildingSnapshot(
  tx: RawTx,
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
  tx: RawTx,
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
