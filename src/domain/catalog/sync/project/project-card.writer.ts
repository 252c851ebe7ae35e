/**
 * A. ProjectUpserted's reads and writes: the card's guard state and cascade fingerprint, the
 * snapshot insert/update (optimistic on row_version) and the re-titling of its early lots.
 */
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { ConcurrencyConflictError } from "../../../../platform/errors/concurrency-conflict.js";
import { LOT_BATCH_SIZE } from "../../cards/recompute-cards.js";
import { mapTypeName, type ProjectKind } from "../../vocabulary/card-vocabulary.js";
import { generateTitle } from "../../vocabulary/numbers.js";
import type { ProjectCardState, ProjectSource } from "./project.decide.js";

interface ProjectRow {
  id: string;
  developer_id: string;
  kind: ProjectKind;
  kind_mismatch_count: number;
  chessboard_version: bigint;
  row_version: number;
}

export async function readProjectCardState(tx: RawTx, id: string): Promise<ProjectCardState | null> {
  const [row] = await tx.$queryRaw<ProjectRow[]>`
    SELECT id::text, developer_id::text, kind, kind_mismatch_count, chessboard_version, row_version
    FROM catalog.project_cards WHERE id = ${id}::uuid`;
  if (!row) return null;
  return {
    id: row.id,
    developerId: row.developer_id,
    kind: row.kind,
    kindMismatchCount: row.kind_mismatch_count,
    chessboardVersion: Number(row.chessboard_version),
    rowVersion: row.row_version,
  };
}

/**
 * The fields of a project card that its lots carry (denormalised) or that decide their
 * visibility: when none of them changed, the cascade over the lots can be skipped.
 */
export async function readProjectCascadeFingerprint(tx: RawTx, id: string): Promise<string | null> {
  const [row] = await tx.$queryRaw<Array<{ f: string }>>`
    SELECT concat_ws('|', status, name, kind, property_class, construction_status, region_id, region_name,
                     city_id, city_name, address, developer_name, cover_file_id, stars, distance_minutes,
                     source_stars, source_distance_minutes, geo_latitude, geo_longitude) AS f
    FROM catalog.project_cards WHERE id = ${id}::uuid`;
  return row?.f ?? null;
}

export interface ProjectWrite {
  readonly id: string;
  readonly source: ProjectSource;
  readonly kindMismatchCount: number;
  readonly eventTime: Date;
  readonly now: Date;
}

/** Creates the card with effective = source (recomputeProjectCards applies overrides right after). */
export async function insertProjectCard(tx: RawTx, w: ProjectWrite): Promise<void> {
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

/** Overwrites the snapshot; optimistic on row_version (a racing override/consumer → re-read). */
export async function updateProjectCardSource(
  tx: RawTx,
  w: ProjectWrite,
  expectedRowVersion: number,
): Promise<void> {
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

/**
 * Lots created before their project card got TypeName/Title from the default kind; once the
 * project (and its Kind) is known they are re-titled (the title rule lives in TypeScript), one
 * UPDATE … FROM unnest per batch of 500.
 */
export async function retitleLotsForKind(
  tx: RawTx,
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
