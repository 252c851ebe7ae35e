import { isUuid } from "../../../platform/validation/ids.js";
import { cardNotFound } from "../catalog.errors.js";
import { LOT_COLUMNS, lotFromRow } from "../storefront/lot-row.js";
import { PROJECT_COLUMNS, projectFromRow } from "../storefront/project-row.js";
async function readAdminCard(db, id) {
  if (!isUuid(id)) throw cardNotFound("card", id);
  const [project] = await db.$queryRaw`
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
        analyticsAsOf: project.analytics_as_of
      },
      project: projectFromRow(project),
      lot: null
    };
  }
  const [lot] = await db.$queryRaw`
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
      analyticsAsOf: null
    },
    project: null,
    lot: lotFromRow(lot)
  };
}
function adminMarks(r) {
  return {
    chessboardVersion: Number(r.chessboard_version),
    chessboardSyncedAt: r.chessboard_synced_at,
    rowVersion: r.row_version,
    updatedAt: r.updated_at
  };
}
function snapshotOf(r) {
  return {
    contractVersion: r.source_contract_version,
    chessboardVersion: Number(r.chessboard_version),
    stars: r.source_stars,
    deliveryDate: r.source_delivery_date,
    readinessPercent: r.source_readiness_percent,
    distanceMinutes: r.source_distance_minutes
  };
}
export {
  readAdminCard
};
//# sourceMappingURL=admin-card.js.map
