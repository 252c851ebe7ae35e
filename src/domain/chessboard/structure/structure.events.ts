import {
  type BuildingStatus,
  type BuildingUpsertedEvent,
  CHESSBOARD_AGGREGATE,
  type ConstructionStatus,
  type DeveloperStatus,
  type DeveloperUpsertedEvent,
  type ProjectClass,
  type ProjectStatus,
  type ProjectType,
  type ProjectUpsertedEvent,
  RUB_CURRENCY,
} from "../../../contracts/chessboard-events.js";
import type {
  ChessboardBuilding,
  ChessboardDeveloper,
  ChessboardProject,
} from "../../../generated/prisma/client.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";

const COORDINATE_SCALE = 6;

export function developerUpsertedPayload(row: ChessboardDeveloper): DeveloperUpsertedEvent {
  return {
    Id: row.id,
    TenantId: row.id,
    Status: row.status as DeveloperStatus,
    Name: row.name,
    LogoFileId: row.logoFileId,
    UpdatedAt: row.updatedAt.toISOString(),
    Version: row.version,
  };
}

export function projectUpsertedPayload(
  row: ChessboardProject,
  developer: ChessboardDeveloper,
): ProjectUpsertedEvent {
  const coordinate = (value: { toString(): string } | null) =>
    value === null ? null : Number(value.toString()).toFixed(COORDINATE_SCALE);
  return {
    Id: row.id,
    TenantId: row.tenantId,
    DeveloperId: row.tenantId,
    Status: row.status as ProjectStatus,
    Name: row.name,
    Type: row.type as ProjectType,
    Class: row.class as ProjectClass,
    ConstructionStatus: row.constructionStatus as ConstructionStatus,
    CountryId: row.countryId,
    CountrySnapshot: { Id: row.countryId, Name: row.countryName, IsoCode: row.countryIsoCode },
    RegionId: row.regionId,
    RegionSnapshot:
      row.regionId !== null && row.regionName ? { Id: row.regionId, Name: row.regionName } : null,
    CityId: row.cityId,
    CitySnapshot: row.cityId !== null && row.cityName ? { Id: row.cityId, Name: row.cityName } : null,
    Stars: row.stars,
    CoverImageFileId: row.coverImageFileId,
    DeveloperName: developer.name,
    DeveloperLogoFileId: developer.logoFileId,
    AddressLine: row.addressLine,
    GeoLatitude: coordinate(row.geoLatitude),
    GeoLongitude: coordinate(row.geoLongitude),
    ShortDescription: row.shortDescription,
    DistanceMinutes: row.distanceMinutes,
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    UpdatedAt: row.updatedAt.toISOString(),
    Version: row.version,
  };
}

export function buildingUpsertedPayload(row: ChessboardBuilding): BuildingUpsertedEvent {
  return {
    Id: row.id,
    TenantId: row.tenantId,
    ProjectId: row.projectId,
    Status: row.status as BuildingStatus,
    Name: row.name,
    FloorsTotal: row.floorsTotal,
    SectionsCount: row.sectionsCount,
    DeliveryYear: row.deliveryYear,
    DeliveryQuarter: row.deliveryQuarter,
    ReadinessPercent: row.readinessPercent,
    ConstructionStatus: row.constructionStatus as ConstructionStatus,
    AddressLine: row.addressLine,
    UpdatedAt: row.updatedAt.toISOString(),
    Version: row.version,
  };
}

export const enqueueDeveloperUpserted = (tx: Tx, clock: Clock, row: ChessboardDeveloper) =>
  enqueue(
    tx,
    {
      topic: TOPIC.developerUpserted,
      key: row.id,
      aggregateType: CHESSBOARD_AGGREGATE.developer,
      payload: developerUpsertedPayload(row),
      occurredAt: row.updatedAt,
    },
    clock,
  );

export const enqueueProjectUpserted = (
  tx: Tx,
  clock: Clock,
  row: ChessboardProject,
  developer: ChessboardDeveloper,
) =>
  enqueue(
    tx,
    {
      topic: TOPIC.projectUpserted,
      key: row.id,
      aggregateType: CHESSBOARD_AGGREGATE.project,
      payload: projectUpsertedPayload(row, developer),
      occurredAt: row.updatedAt,
    },
    clock,
  );

export const enqueueBuildingUpserted = (tx: Tx, clock: Clock, row: ChessboardBuilding) =>
  enqueue(
    tx,
    {
      topic: TOPIC.buildingUpserted,
      key: row.id,
      aggregateType: CHESSBOARD_AGGREGATE.building,
      payload: buildingUpsertedPayload(row),
      occurredAt: row.updatedAt,
    },
    clock,
  );
