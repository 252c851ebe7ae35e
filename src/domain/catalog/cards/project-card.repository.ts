import type { Tx } from "../../../platform/db/prisma-client.js";
import { ConcurrencyConflictError } from "../../../platform/events/consumer/definition.js";
import type { ProjectKind } from "../sync/mapping.js";
import type { ProjectCardState, ProjectSource } from "../sync/sync.decide.js";

interface ProjectRow {
  id: string;
  developer_id: string;
  kind: ProjectKind;
  kind_mismatch_count: number;
  chessboard_version: bigint;
  row_version: number;
}

export async function readProjectCardState(tx: Tx, id: string): Promise<ProjectCardState | null> {
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
export async function readProjectCascadeFingerprint(tx: Tx, id: string): Promise<string | null> {
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
export async function insertProjectCard(tx: Tx, w: ProjectWrite): Promise<void> {
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
  tx: Tx,
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

export async function readProjectForLots(
  tx: Tx,
  id: string,
): Promise<{ developerId: string; kind: ProjectKind } | null> {
  return (await readProjectsForLots(tx, [id])).get(id) ?? null;
}

/** What a lot's passport is decided against (tenant, Kind) for many projects in one statement. */
export async function readProjectsForLots(
  tx: Tx,
  ids: readonly string[],
): Promise<Map<string, { developerId: string; kind: ProjectKind }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<Array<{ id: string; developer_id: string; kind: ProjectKind }>>`
    SELECT id::text, developer_id::text, kind FROM catalog.project_cards WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { developerId: r.developer_id, kind: r.kind }]));
}

/** Which of the ids have a project card (one statement for a batch of lots' projects). */
export async function readExistingProjectIds(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text FROM catalog.project_cards WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Set(rows.map((r) => r.id));
}

/** B. DeveloperUpserted: batch rename on the developer's project cards (lots: see lot-card.repository). */
export async function renameDeveloperOnProjects(
  tx: Tx,
  developerId: string,
  name: string,
  logoFileId: string | null,
  now: Date,
): Promise<number> {
  return tx.$executeRaw`
    UPDATE catalog.project_cards SET developer_name = ${name}, developer_logo_file_id = ${logoFileId}::uuid,
      row_version = row_version + 1, updated_at = ${now}
    WHERE developer_id = ${developerId}::uuid
      AND (developer_name, developer_logo_file_id) IS DISTINCT FROM (${name}, ${logoFileId}::uuid)`;
}
