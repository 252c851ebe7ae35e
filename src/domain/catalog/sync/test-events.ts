/** Payload builders for the catalog's tests (unit and integration): valid defaults, overridable. */
import type {
  BuildingUpsertedEvent,
  DeveloperUpsertedEvent,
  ProjectUpsertedEvent,
  PropertyObjectPriceChangedEvent,
  PropertyObjectStatusChangedEvent,
  PropertyObjectUpsertedEvent,
} from "../../../contracts/chessboard-events.js";
import { RUB_CURRENCY } from "../../../contracts/chessboard-events.js";

const AT = "2026-12-01T00:00:00.000Z";

export const developerEvent = (
  o: Partial<DeveloperUpsertedEvent> & { Id: string },
): DeveloperUpsertedEvent => ({
  TenantId: o.Id,
  Status: "Active",
  Name: "ГК Пример",
  LogoFileId: null,
  UpdatedAt: AT,
  Version: 1,
  ...o,
});

export const projectEvent = (
  o: Partial<ProjectUpsertedEvent> & { Id: string; DeveloperId: string },
): ProjectUpsertedEvent => ({
  TenantId: o.DeveloperId,
  Status: "Published",
  Name: "ЖК Пример",
  Type: "ResidentialComplex",
  Class: "Comfort",
  ConstructionStatus: "UnderConstruction",
  CountryId: 1,
  CountrySnapshot: { Id: 1, Name: "Россия", IsoCode: "RU" },
  RegionId: 77,
  RegionSnapshot: { Id: 77, Name: "Москва" },
  CityId: 1,
  CitySnapshot: { Id: 1, Name: "Москва" },
  Stars: null,
  CoverImageFileId: null,
  DeveloperName: "ГК Пример",
  DeveloperLogoFileId: null,
  AddressLine: "ул. Примерная, 1",
  GeoLatitude: "55.750000",
  GeoLongitude: "37.620000",
  ShortDescription: null,
  DistanceMinutes: 10,
  CurrencyId: RUB_CURRENCY.Id,
  CurrencySnapshot: RUB_CURRENCY,
  UpdatedAt: AT,
  Version: 1,
  ...o,
});

export const buildingEvent = (
  o: Partial<BuildingUpsertedEvent> & { Id: string; ProjectId: string; TenantId: string },
): BuildingUpsertedEvent => ({
  Status: "Published",
  Name: "Корпус 1",
  FloorsTotal: 20,
  SectionsCount: 1,
  DeliveryYear: 2027,
  DeliveryQuarter: 2,
  ReadinessPercent: 40,
  ConstructionStatus: "UnderConstruction",
  AddressLine: null,
  UpdatedAt: AT,
  Version: 1,
  ...o,
});

export const lotEvent = (
  o: Partial<PropertyObjectUpsertedEvent> & {
    Id: string;
    ProjectId: string;
    BuildingId: string;
    TenantId: string;
  },
): PropertyObjectUpsertedEvent => ({
  LayoutId: null,
  LayoutGroupId: null,
  Status: "Free",
  Number: "101",
  Floor: 1,
  Section: 1,
  Rooms: 2,
  TotalArea: "54.10",
  LivingArea: "30.00",
  Price: "10000000.00",
  CurrencyId: RUB_CURRENCY.Id,
  CurrencySnapshot: RUB_CURRENCY,
  PricePerMeter: "184842.88",
  WindowViews: { Views: ["Park"] },
  Capacity: null,
  PropertyType: "Apartment",
  UpdatedAt: AT,
  Version: 1,
  ...o,
});

export const statusEvent = (
  o: Partial<PropertyObjectStatusChangedEvent> & {
    PropertyObjectId: string;
    TenantId: string;
    ProjectId: string;
    BuildingId: string;
    Version: number;
  },
): PropertyObjectStatusChangedEvent => ({
  FromStatus: "Free",
  ToStatus: "Booked",
  StatusSource: "Booking",
  HoldDealId: null,
  HoldBookingId: null,
  ReservedUntil: null,
  BookedUntil: null,
  SoldAt: null,
  StatusChangedAt: AT,
  ...o,
});

export const priceEvent = (
  o: Partial<PropertyObjectPriceChangedEvent> & {
    PropertyObjectId: string;
    TenantId: string;
    ProjectId: string;
    BuildingId: string;
    Version: number;
  },
): PropertyObjectPriceChangedEvent => ({
  OldPrice: "10000000.00",
  NewPrice: "9000000.00",
  CurrencyId: RUB_CURRENCY.Id,
  CurrencySnapshot: RUB_CURRENCY,
  PricePerMeter: "0.00",
  ChangedAt: AT,
  Source: "Manual",
  ...o,
});
