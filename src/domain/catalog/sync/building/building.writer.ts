/**
 * C. BuildingUpserted's writes: the building snapshot (one upsert) and the building's fields on its
 * lots with the storefront fields they derive, set-based in keyset batches of LOT_BATCH_SIZE.
 */
import { Prisma } from "../../../../generated/prisma/client.js";
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { LOT_BATCH_SIZE } from "../../cards/recompute-cards.js";
import {
  DERIVED_LOT_DIFFERS,
  DERIVED_LOT_SET,
  derivedLotColumns,
  derivedLotJoins,
  STORED_SNAPSHOT,
} from "../../cards/sql/derived-lot-columns.js";
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
 * C. BuildingUpserted on its lots, one statement per keyset batch of LOT_BATCH_SIZE (decision
 * 0640): the building's fields on every lot but a Delisted one or one above the new FloorsTotal
 * (skipped: its passport event will fix it; counted for the warning), and every lot's storefront
 * fields derived anew from them in the same write — what the recompute of the building's lots
 * derives (derived-lot-columns.ts), so a lot is written once, and only where something changes.
 */
export async function applyBuildingToLots(
  tx: RawTx,
  b: BuildingSource,
  times: { readonly now: Date; readonly publishedAt: Date },
  onBatch: () => Promise<void>,
): Promise<{ changed: number; skippedFloor: number }> {
  const { now, publishedAt } = times;
  const takes = Prisma.sql`(l.status <> 'Delisted' AND l.floor <= ${b.floorsTotal})`;
  const snapshot = {
    ...STORED_SNAPSHOT,
    sourceDeliveryDate: Prisma.sql`CASE WHEN ${takes} THEN ${b.deliveryDate}::date ELSE l.source_delivery_date END`,
    sourceReadinessPercent: Prisma.sql`CASE WHEN ${takes} THEN ${b.readinessPercent}::int ELSE l.source_readiness_percent END`,
  };
  let after = "00000000-0000-0000-0000-000000000000";
  let changed = 0;
  let skippedFloor = 0;
  for (;;) {
    const [row] = await tx.$queryRaw<
      Array<{ last_id: string | null; n: bigint; changed: bigint; skipped: bigint }>
    >`
      WITH batch AS (
        SELECT id FROM catalog.property_object_cards
        WHERE building_id = ${b.id}::uuid AND id > ${after}::uuid ORDER BY id LIMIT ${LOT_BATCH_SIZE}
      ), calc AS (
        SELECT l.id, ${takes} AS takes, l.status <> 'Delisted' AND l.floor > ${b.floorsTotal} AS skipped,
${derivedLotColumns(snapshot)}
        FROM batch x
        JOIN catalog.property_object_cards l ON l.id = x.id
        ${derivedLotJoins(now)}
      ), upd AS (
        UPDATE catalog.property_object_cards l SET
          building_name = CASE WHEN c.takes THEN ${b.name} ELSE l.building_name END,
          floors_total = CASE WHEN c.takes THEN ${b.floorsTotal}::int ELSE l.floors_total END,
          source_delivery_date = CASE WHEN c.takes THEN ${b.deliveryDate}::date ELSE l.source_delivery_date END,
          source_readiness_percent = CASE WHEN c.takes THEN ${b.readinessPercent}::int ELSE l.source_readiness_percent END,
          ${DERIVED_LOT_SET},
          published_at = COALESCE(l.published_at, CASE WHEN c.status = 'Published' THEN ${publishedAt}::timestamptz END),
          row_version = l.row_version + 1, updated_at = ${now}
        FROM calc c
        WHERE l.id = c.id
          AND NOT (l.status = 'Delisted' AND c.status = 'Delisted')
          AND ((c.takes AND (l.building_name, l.floors_total, l.source_delivery_date, l.source_readiness_percent)
                  IS DISTINCT FROM (${b.name}, ${b.floorsTotal}::int, ${b.deliveryDate}::date, ${b.readinessPercent}::int))
               OR ${DERIVED_LOT_DIFFERS})
        RETURNING 1
      )
      SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last_id,
             (SELECT count(*) FROM batch) AS n, (SELECT count(*) FROM upd) AS changed,
             (SELECT count(*) FROM calc WHERE skipped) AS skipped`;
    const n = Number(row?.n ?? 0);
    changed += Number(row?.changed ?? 0);
    skippedFloor += Number(row?.skipped ?? 0);
    if (n < LOT_BATCH_SIZE) break;
    after = row?.last_id as string;
    await onBatch();
  }
  return { changed, skippedFloor };
}
