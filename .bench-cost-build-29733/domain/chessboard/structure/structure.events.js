import {
  CHESSBOARD_AGGREGATE,
  RUB_CURRENCY
} from "../../../contracts/chessboard-events.js";
import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";
const COORDINATE_SCALE = 6;
function developerUpsertedPayload(row) {
  return {
    Id: row.id,
    TenantId: row.id,
    Status: row.status,
    Name: row.name,
    LogoFileId: row.logoFileId,
    UpdatedAt: row.updatedAt.toISOString(),
    Version: row.version
  };
}
function projectUpsertedPayload(row, developer) {
  const coordinate = (value) => value === null ? null : Number(value.toString()).toFixed(COORDINATE_SCALE);
  return {
    Id: row.id,
    TenantId: row.tenantId,
    DeveloperId: row.tenantId,
    Status: row.status,
    Name: row.name,
    Type: row.type,
    Class: row.class,
    ConstructionStatus: row.constructionStatus,
    CountryId: row.countryId,
    CountrySnapshot: { Id: row.countryId, Name: row.countryName, IsoCode: row.countryIsoCode },
    RegionId: row.regionId,
    RegionSnapshot: row.regionId !== null && row.regionName ? { Id: row.regionId, Name: row.regionName } : null,
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
    Version: row.version
  };
}
function buildingUpsertedPayload(row) {
  return {
    Id: row.id,
    TenantId: row.tenantId,
    ProjectId: row.projectId,
    Status: row.status,
    Name: row.name,
    FloorsTotal: row.floorsTotal,
    SectionsCount: row.sectionsCount,
    DeliveryYear: row.deliveryYear,
    DeliveryQuarter: row.deliveryQuarter,
    ReadinessPercent: row.readinessPercent,
    ConstructionStatus: row.constructionStatus,
    AddressLine: row.addressLine,
    UpdatedAt: row.updatedAt.toISOString(),
    Version: row.version
  };
}
const enqueueDeveloperUpserted = (tx, clock, row) => enqueue(
  tx,
  {
    topic: TOPIC.developerUpserted,
    key: row.id,
    aggregateType: CHESSBOARD_AGGREGATE.developer,
    payload: developerUpsertedPayload(row),
    occurredAt: row.updatedAt
  },
  clock
);
const enqueueProjectUpserted = (tx, clock, row, developer) => enqueue(
  tx,
  {
    topic: TOPIC.projectUpserted,
    key: row.id,
    aggregateType: CHESSBOARD_AGGREGATE.project,
    payload: projectUpsertedPayload(row, developer),
    occurredAt: row.updatedAt
  },
  clock
);
const enqueueBuildingUpserted = (tx, clock, row) => enqueue(
  tx,
  {
    topic: TOPIC.buildingUpserted,
    key: row.id,
    aggregateType: CHESSBOARD_AGGREGATE.building,
    payload: buildingUpsertedPayload(row),
    occurredAt: row.updatedAt
  },
  clock
);
export {
  buildingUpsertedPayload,
  developerUpsertedPayload,
  enqueueBuildingUpserted,
  enqueueDeveloperUpserted,
  enqueueProjectUpserted,
  projectUpsertedPayload
};
//# sourceMappingURL=structure.events.js.map
