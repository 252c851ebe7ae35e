/**
 * Admin: any card by id — a project card or a lot card, whatever its status — with its
 * SourceSnapshot (what chessboard said), ChessboardVersion, ChessboardSyncedAt and row version.
 */
import type { Db } from "../../../platform/db/prisma-client.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { cardNotFound } from "../catalog.errors.js";
import type { AdminCardView } from "../catalog.read-models.js";
import { LOT_COLUMNS, type LotRow, lotFromRow } from "../storefront/lot-row.js";
import { PROJECT_COLUMNS, type ProjectRow, projectFromRow } from "../storefront/project-row.js";

/** Admin: any card by id (project or lot) with SourceSnapshot, ChessboardVersion, ChessboardSyncedAt. */
export async function readAdminCard(db: Db, id: string): Promise<AdminCardView> {
  if (!isUuid(id)) throw cardNotFound("card", id);
  const [project] = await db.$queryRaw<
    Array<
      ProjectRow & AdminExtra & { source_name: string; source_address: string; analytics_as_of: Date | null }
    >
  >`
        SELECT ${PROJECT_COLUMNS}, source_contract_version, source_name, source_address, source_stars,
               source_delivery_date, source_readiness_percent, source_distance_minutes, analytics_as_of,
               chessboard_version, chessboard_synced_at, row_version, updated_at
        FROM catalog.project_cards WHERE id = ${id}::uuid`;
  if (project) {
    return {
      ...adminMarks(project),
      id,
      cardType: "Project",
      status: project.status,
      sourceSnapshot: {
        ...snapshotOf(project),
        name: project.source_name,
        address: project.source_address,
        title: null,
        price: null,
        badge: null,
        analyticsAsOf: project.analytics_as_of,
      },
      project: projectFromRow(project),
      lot: null,
    };
  }
  const [lot] = await db.$queryRaw<
    Array<LotRow & AdminExtra & { source_title: string; source_price: string; source_badge: string | null }>
  >`
        SELECT ${LOT_COLUMNS}, source_contract_version, source_title, source_price::text, source_badge,
               source_stars, source_delivery_date, source_readiness_percent, source_distance_minutes,
               chessboard_version, chessboard_synced_at, row_version, updated_at
        FROM catalog.property_object_cards WHERE id = ${id}::uuid`;
  if (!lot) throw cardNotFound("card", id);
  return {
    ...adminMarks(lot),
    id,
    cardType: "PropertyObject",
    status: lot.status,
    sourceSnapshot: {
      ...snapshotOf(lot),
      name: null,
      address: null,
      title: lot.source_title,
      price: lot.source_price,
      badge: lot.source_badge,
      analyticsAsOf: null,
    },
    project: null,
    lot: lotFromRow(lot),
  };
}

interface AdminExtra {
  source_contract_version: number;
  source_stars: number | null;
  source_delivery_date: Date | null;
  source_readiness_percent: number | null;
  source_distance_minutes: number | null;
  chessboard_version: bigint;
  chessboard_synced_at: Date;
  row_version: number;
  updated_at: Date;
}

function adminMarks(r: AdminExtra) {
  return {
    chessboardVersion: Number(r.chessboard_version),
    chessboardSyncedAt: r.chessboard_synced_at,
    rowVersion: r.row_version,
    updatedAt: r.updated_at,
  };
}

function snapshotOf(r: AdminExtra) {
  return {
    contractVersion: r.source_contract_version,
    chessboardVersion: Number(r.chessboard_version),
    stars: r.source_stars,
    deliveryDate: r.source_delivery_date,
    readinessPercent: r.source_readiness_percent,
    distanceMinutes: r.source_distance_minutes,
  };
}
