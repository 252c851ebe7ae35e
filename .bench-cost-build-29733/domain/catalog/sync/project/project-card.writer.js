import { ConcurrencyConflictError } from "../../../../platform/errors/concurrency-conflict.js";
import { LOT_BATCH_SIZE } from "../../cards/recompute-cards.js";
import { mapTypeName } from "../../vocabulary/card-vocabulary.js";
import { generateTitle } from "../../vocabulary/numbers.js";
async function readProjectCardState(tx, id) {
  const [row] = await tx.$queryRaw`
    SELECT id::text, developer_id::text, kind, kind_mismatch_count, chessboard_version, row_version
    FROM catalog.project_cards WHERE id = ${id}::uuid`;
  if (!row) return null;
  return {
    id: row.id,
    developerId: row.developer_id,
    kind: row.kind,
    kindMismatchCount: row.kind_mismatch_count,
    chessboardVersion: Number(row.chessboard_version),
    rowVersion: row.row_version
  };
}
async function readProjectCascadeFingerprint(tx, id) {
  const [row] = await tx.$queryRaw`
    SELECT concat_ws('|', status, name, kind, property_class, construction_status, region_id, region_name,
                     city_id, city_name, address, developer_name, cover_file_id, stars, distance_minutes,
                     source_stars, source_distance_minutes, geo_latitude, geo_longitude) AS f
    FROM catalog.project_cards WHERE id = ${id}::uuid`;
  return row?.f ?? null;
}
async function insertProjectCard(tx, w) {
  const s = w.source;
  const inserted = await tx.$executeRaw`
    INSERT INTO catalog.project_cards (
      id, developer_id, developer_name, developer_logo_file_id, status, source_status, kind,
      kind_mismatch_count, property_class, construction_status, region_id, region_name, city_id,
      city_name, cover_file_id, short_description, geo_latitude, geo_longitude, name, address,
      stars, distance_minutes, source_contract_version, source_name, source_address, source_stars,
      source_distance_minutes, chessboard_version, chessboard_synced_at, created_at, updated_at)
    VALUES (
      ${w.id}::uuid, ${s.developerId}::uuid, ${s.developerName}, ${s.developerLogoFileId}::uuid, 'Hidden',
      ${s.sourceStatus}, ${s.kind}, ${w.kindMismatchCount}, ${s.propertyClass}, ${s.constructionStatus},
      ${s.regionId}, ${s.regionName}, ${s.cityId}, ${s.cityName}, ${s.coverFileId}::uuid,
      ${s.shortDescription}, ${s.geoLatitude}::numeric, ${s.geoLongitude}::numeric, ${s.name}, ${s.address},
      ${s.stars}, ${s.distanceMinutes}, ${CONTRACT_VERSION}, ${s.name}, ${s.address}, ${s.stars},
      ${s.distanceMinutes}, ${s.chessboardVersion}, ${w.eventTime}, ${w.now}, ${w.now})
    ON CONFLICT (id) DO NOTHING`;
  if (inserted === 0) throw new ConcurrencyConflictError(`project card ${w.id} was created concurrently`);
}
const CONTRACT_VERSION = 1;
async function updateProjectCardSource(tx, w, expectedRowVersion) {
  const s = w.source;
  const updated = await tx.$executeRaw`
    UPDATE catalog.project_cards SET
      developer_id = ${s.developerId}::uuid, developer_name = ${s.developerName},
      developer_logo_file_id = ${s.developerLogoFileId}::uuid, source_status = ${s.sourceStatus},
      kind = ${s.kind}, kind_mismatch_count = ${w.kindMismatchCount}, property_class = ${s.propertyClass},
      construction_status = ${s.constructionStatus}, region_id = ${s.regionId}, region_name = ${s.regionName},
      city_id = ${s.cityId}, city_name = ${s.cityName}, cover_file_id = ${s.coverFileId}::uuid,
      short_description = ${s.shortDescription}, geo_latitude = ${s.geoLatitude}::numeric,
      geo_longitude = ${s.geoLongitude}::numeric, source_contract_version = ${CONTRACT_VERSION},
      source_name = ${s.name}, source_address = ${s.address}, source_stars = ${s.stars},
      source_distance_minutes = ${s.distanceMinutes}, chessboard_version = ${s.chessboardVersion},
      chessboard_synced_at = ${w.eventTime}, row_version = row_version + 1, updated_at = ${w.now}
    WHERE id = ${w.id}::uuid AND row_version = ${expectedRowVersion}`;
  if (updated === 0) throw new ConcurrencyConflictError(`project card ${w.id} changed concurrently`);
}
async function retitleLotsForKind(tx, projectId, kind, now) {
  const rows = await tx.$queryRaw`
    SELECT id::text, rooms_count, area_total::text, property_type FROM catalog.property_object_cards
    WHERE project_id = ${projectId}::uuid AND project_kind IS DISTINCT FROM ${kind} AND status <> 'Delisted'`;
  for (let i = 0; i < rows.length; i += LOT_BATCH_SIZE) {
    const batch = rows.slice(i, i + LOT_BATCH_SIZE);
    const ids = batch.map((r) => r.id);
    const typeNames = batch.map((r) => mapTypeName(r.property_type, kind, []));
    const titles = batch.map((r, k) => generateTitle(r.rooms_count, typeNames[k], r.area_total));
    await tx.$executeRaw`
      UPDATE catalog.property_object_cards l SET type_name = t.type_name, source_title = t.title,
        row_version = l.row_version + 1, updated_at = ${now}
      FROM unnest(${ids}::uuid[], ${typeNames}::text[], ${titles}::text[]) AS t(id, type_name, title)
      WHERE l.id = t.id AND (l.type_name, l.source_title) IS DISTINCT FROM (t.type_name, t.title)`;
  }
  return rows.length;
}
export {
  insertProjectCard,
  readProjectCardState,
  readProjectCascadeFingerprint,
  retitleLotsForKind,
  updateProjectCardSource
};
//# sourceMappingURL=project-card.writer.js.map
