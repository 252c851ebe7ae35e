import { field as f, opt, readerContract, req } from "../reader-contract.js";
import { TOPIC } from "../topics.js";
const SPEC = "spec: catalog-chessboard-sync, payload tables";
const PROJECT_STATUS_VALUES = ["Draft", "Published", "Hidden", "Archived"];
const PROJECT_TYPE_VALUES = ["ResidentialComplex", "ApartHotel", "Hotel", "Villa"];
const PROJECT_CLASS_VALUES = ["Standard", "Comfort", "Business", "Premium", "Elite"];
const CONSTRUCTION_STATUS_VALUES = [
  "Planned",
  "UnderConstruction",
  "Commissioned",
  "Delivered"
];
const PROPERTY_OBJECT_STATUS_VALUES = ["Free", "Reserved", "Booked", "Sold", "Hidden"];
const PROPERTY_TYPE_VALUES = ["Apartment", "Parking", "Commercial"];
const WINDOW_VIEW_VALUES = [
  "Sea",
  "City",
  "Courtyard",
  "Mountains",
  "Park",
  "River",
  "Street"
];
const geoSnapshot = () => f.object({ Id: opt(f.integer()), Name: opt(f.string()) });
const currencySnapshot = () => f.object({ Id: opt(f.integer()), IsoCode: opt(f.string()) });
const catalogDeveloperUpsertedReader = readerContract(TOPIC.developerUpserted, SPEC, {
  Id: req(f.uuid()),
  Status: req(f.string("Read for the log only")),
  Name: req(f.string()),
  LogoFileId: opt(f.uuid()),
  Version: req(f.integer())
});
const catalogProjectUpsertedReader = readerContract(TOPIC.projectUpserted, SPEC, {
  Id: req(f.uuid()),
  TenantId: req(f.uuid()),
  DeveloperId: req(f.uuid()),
  Status: req(f.enumOf(PROJECT_STATUS_VALUES, "unknown \u2192 Hidden + warn")),
  Name: req(f.string()),
  Type: req(f.enumOf(PROJECT_TYPE_VALUES, "unknown \u2192 ResidentialComplex + warn")),
  Class: req(f.enumOf(PROJECT_CLASS_VALUES, "unknown \u2192 Comfort + warn")),
  ConstructionStatus: req(f.enumOf(CONSTRUCTION_STATUS_VALUES, "unknown \u2192 InProgress + warn")),
  CountryId: req(f.integer("Read for the log only")),
  CountrySnapshot: req(geoSnapshot()),
  RegionId: opt(f.integer()),
  RegionSnapshot: opt(geoSnapshot()),
  CityId: opt(f.integer()),
  CitySnapshot: opt(geoSnapshot()),
  Stars: opt(f.integer()),
  CoverImageFileId: opt(f.uuid()),
  // DSC-CAT-1: absent/blank → CATALOG_SYNC_CONTRACT_FIELD_MISSING (the flow's own check)
  DeveloperName: req(f.string()),
  DeveloperLogoFileId: opt(f.uuid()),
  AddressLine: req(f.string()),
  GeoLatitude: opt(f.decimal()),
  GeoLongitude: opt(f.decimal()),
  ShortDescription: opt(f.string()),
  DistanceMinutes: opt(f.integer()),
  Version: req(f.integer())
});
const catalogBuildingUpsertedReader = readerContract(TOPIC.buildingUpserted, SPEC, {
  Id: req(f.uuid()),
  ProjectId: req(f.uuid()),
  Status: req(f.string("Read for the log only")),
  Name: req(f.string()),
  FloorsTotal: req(f.integer()),
  DeliveryYear: opt(f.integer()),
  DeliveryQuarter: opt(f.integer()),
  ReadinessPercent: opt(f.integer()),
  // «—» in the table (ignored); checked against the project card when a producer sends it
  TenantId: opt(f.uuid()),
  Version: req(f.integer())
});
const catalogPropertyObjectUpsertedReader = readerContract(TOPIC.propertyObjectUpserted, SPEC, {
  Id: req(f.uuid()),
  TenantId: req(f.uuid()),
  ProjectId: req(f.uuid()),
  BuildingId: req(f.uuid()),
  LayoutId: opt(f.uuid()),
  LayoutGroupId: opt(f.uuid()),
  Status: req(f.enumOf(PROPERTY_OBJECT_STATUS_VALUES, "unknown \u2192 Hidden + warn")),
  Number: req(f.string()),
  Floor: req(f.integer()),
  Section: opt(f.integer()),
  Rooms: req(f.integer()),
  TotalArea: req(f.decimal()),
  LivingArea: opt(f.decimal()),
  Price: req(f.decimal()),
  CurrencyId: req(f.integer()),
  CurrencySnapshot: req(currencySnapshot()),
  PricePerMeter: req(f.decimal("Ignored: recomputed from the effective price")),
  WindowViews: req(
    f.object({ Views: req(f.array(f.enumOf(WINDOW_VIEW_VALUES, "empty/unknown \u2192 null (+ warn)"))) })
  ),
  Capacity: opt(f.integer()),
  PropertyType: opt(f.enumOf(PROPERTY_TYPE_VALUES, "absent/unknown \u2192 by the project's Kind + warn")),
  Version: req(f.integer())
});
const catalogStatusChangedReader = readerContract(TOPIC.propertyObjectStatusChanged, SPEC, {
  PropertyObjectId: req(f.uuid()),
  ToStatus: req(f.enumOf(PROPERTY_OBJECT_STATUS_VALUES, "unknown \u2192 Hidden + warn")),
  FromStatus: opt(f.string("Log only")),
  StatusSource: opt(f.string("Log only")),
  HoldDealId: opt(f.uuid()),
  SoldAt: opt(f.string("Log only")),
  StatusChangedAt: opt(f.string("Log only")),
  ReservedUntil: opt(f.string("Ignored")),
  BookedUntil: opt(f.string("Ignored")),
  TenantId: req(f.uuid()),
  ProjectId: req(f.uuid()),
  BuildingId: req(f.uuid()),
  Version: req(f.integer())
});
const catalogPriceChangedReader = readerContract(TOPIC.propertyObjectPriceChanged, SPEC, {
  PropertyObjectId: req(f.uuid()),
  NewPrice: req(f.decimal()),
  OldPrice: opt(f.decimal("Log only")),
  ChangedAt: opt(f.string("Log only")),
  Source: opt(f.string("Log only")),
  CurrencyId: opt(f.integer()),
  CurrencySnapshot: opt(currencySnapshot()),
  PricePerMeter: opt(f.decimal("Ignored: recomputed from the effective price")),
  TenantId: req(f.uuid()),
  ProjectId: req(f.uuid()),
  BuildingId: opt(f.uuid()),
  Version: req(f.integer())
});
const CATALOG_SYNC_READERS = {
  [TOPIC.developerUpserted]: catalogDeveloperUpsertedReader,
  [TOPIC.projectUpserted]: catalogProjectUpsertedReader,
  [TOPIC.buildingUpserted]: catalogBuildingUpsertedReader,
  [TOPIC.propertyObjectUpserted]: catalogPropertyObjectUpsertedReader,
  [TOPIC.propertyObjectStatusChanged]: catalogStatusChangedReader,
  [TOPIC.propertyObjectPriceChanged]: catalogPriceChangedReader
};
export {
  CATALOG_SYNC_READERS,
  CONSTRUCTION_STATUS_VALUES,
  PROJECT_CLASS_VALUES,
  PROJECT_STATUS_VALUES,
  PROJECT_TYPE_VALUES,
  PROPERTY_OBJECT_STATUS_VALUES,
  PROPERTY_TYPE_VALUES,
  WINDOW_VIEW_VALUES,
  catalogBuildingUpsertedReader,
  catalogDeveloperUpsertedReader,
  catalogPriceChangedReader,
  catalogProjectUpsertedReader,
  catalogPropertyObjectUpsertedReader,
  catalogStatusChangedReader
};
//# sourceMappingURL=catalog-chessboard-sync.readers.js.map
