/**
 * Integration events published by the chessboard context (the source of truth of the real-estate
 * structure and of sale statuses). Field names are the PascalCase names of the specification;
 * the machine-readable contracts are schema/events/pin.chessboard.*.v1.schema.json and a unit
 * test keeps both in step.
 *
 * Conventions shared by all six payloads:
 *  - ids are uuids; times are ISO-8601 UTC strings;
 *  - money and areas are decimal strings ("12500000.00") so no consumer loses precision;
 *  - `Version` is the aggregate's version after the change, strictly increasing per aggregate.
 *    A property object has ONE version counter shared by property-object-upserted,
 *    -status-changed and -price-changed, so a consumer can order them across topics.
 */
import { TOPIC } from "./topics.js";

export const CHESSBOARD_TOPICS = {
  developerUpserted: TOPIC.developerUpserted,
  projectUpserted: TOPIC.projectUpserted,
  buildingUpserted: TOPIC.buildingUpserted,
  propertyObjectUpserted: TOPIC.propertyObjectUpserted,
  propertyObjectStatusChanged: TOPIC.propertyObjectStatusChanged,
  propertyObjectPriceChanged: TOPIC.propertyObjectPriceChanged,
} as const;

/** Aggregate types as written into the `aggregate-type` header. */
export const CHESSBOARD_AGGREGATE = {
  developer: "Developer",
  project: "Project",
  building: "Building",
  propertyObject: "PropertyObject",
} as const;

export const DEVELOPER_STATUSES = ["Active", "Inactive"] as const;
export type DeveloperStatus = (typeof DEVELOPER_STATUSES)[number];

export const PROJECT_STATUSES = ["Draft", "Published", "Hidden", "Archived"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_TYPES = ["ResidentialComplex", "ApartHotel", "Hotel", "Villa"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_CLASSES = ["Standard", "Comfort", "Business", "Premium", "Elite"] as const;
export type ProjectClass = (typeof PROJECT_CLASSES)[number];

export const CONSTRUCTION_STATUSES = ["Planned", "UnderConstruction", "Commissioned", "Delivered"] as const;
export type ConstructionStatus = (typeof CONSTRUCTION_STATUSES)[number];

export const BUILDING_STATUSES = ["Draft", "Published", "Hidden"] as const;
export type BuildingStatus = (typeof BUILDING_STATUSES)[number];

export const PROPERTY_OBJECT_STATUSES = ["Free", "Reserved", "Booked", "Sold", "Hidden"] as const;
export type PropertyObjectStatus = (typeof PROPERTY_OBJECT_STATUSES)[number];

export const PROPERTY_TYPES = ["Apartment", "Parking", "Commercial"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const WINDOW_VIEW_KINDS = [
  "Sea",
  "City",
  "Courtyard",
  "Mountains",
  "Park",
  "River",
  "Street",
] as const;
export type WindowViewKind = (typeof WINDOW_VIEW_KINDS)[number];

/**
 * Why a status changed: `Booking` — a crm booking event (Reserve/Book/Release/MarkSold);
 * `Manual` — developer staff hid/showed the object; `BuildingCascade` — the building was
 * hidden/shown (ASM-1); `HoldExpiration` — the safety worker freed a hold whose release was lost.
 */
export const STATUS_SOURCES = ["Booking", "Manual", "BuildingCascade", "HoldExpiration"] as const;
export type StatusSource = (typeof STATUS_SOURCES)[number];

export const PRICE_CHANGE_SOURCES = ["Manual", "Import"] as const;
export type PriceChangeSource = (typeof PRICE_CHANGE_SOURCES)[number];

/** v1 of the storefront is rouble-only (CurrencySnapshot.IsoCode must be RUB). */
export interface CurrencySnapshot {
  readonly Id: number;
  readonly IsoCode: string;
  readonly Name: string;
  readonly Symbol: string;
}

export interface GeoSnapshot {
  readonly Id: number;
  readonly Name: string;
}

export interface CountrySnapshot {
  readonly Id: number;
  readonly Name: string;
  readonly IsoCode: string;
}

/** A decimal number as a string, e.g. "12500000.00". */
export type DecimalString = string;
/** ISO-8601 UTC timestamp. */
export type IsoDateTime = string;

export interface DeveloperUpsertedEvent {
  readonly Id: string;
  readonly TenantId: string;
  readonly Status: DeveloperStatus;
  readonly Name: string;
  readonly LogoFileId: string | null;
  readonly UpdatedAt: IsoDateTime;
  readonly Version: number;
}

export interface ProjectUpsertedEvent {
  readonly Id: string;
  readonly TenantId: string;
  readonly DeveloperId: string;
  readonly Status: ProjectStatus;
  readonly Name: string;
  readonly Type: ProjectType;
  readonly Class: ProjectClass;
  readonly ConstructionStatus: ConstructionStatus;
  readonly CountryId: number;
  readonly CountrySnapshot: CountrySnapshot;
  readonly RegionId: number | null;
  readonly RegionSnapshot: GeoSnapshot | null;
  readonly CityId: number | null;
  readonly CitySnapshot: GeoSnapshot | null;
  readonly Stars: number | null;
  readonly CoverImageFileId: string | null;
  readonly DeveloperName: string;
  readonly DeveloperLogoFileId: string | null;
  readonly AddressLine: string;
  readonly GeoLatitude: DecimalString | null;
  readonly GeoLongitude: DecimalString | null;
  readonly ShortDescription: string | null;
  readonly DistanceMinutes: number | null;
  readonly CurrencyId: number;
  readonly CurrencySnapshot: CurrencySnapshot;
  readonly UpdatedAt: IsoDateTime;
  readonly Version: number;
}

export interface BuildingUpsertedEvent {
  readonly Id: string;
  readonly TenantId: string;
  readonly ProjectId: string;
  readonly Status: BuildingStatus;
  readonly Name: string;
  readonly FloorsTotal: number;
  readonly SectionsCount: number;
  readonly DeliveryYear: number | null;
  readonly DeliveryQuarter: number | null;
  readonly ReadinessPercent: number | null;
  readonly ConstructionStatus: ConstructionStatus;
  readonly AddressLine: string | null;
  readonly UpdatedAt: IsoDateTime;
  readonly Version: number;
}

export interface PropertyObjectUpsertedEvent {
  readonly Id: string;
  readonly TenantId: string;
  readonly ProjectId: string;
  readonly BuildingId: string;
  readonly LayoutId: string | null;
  readonly LayoutGroupId: string | null;
  readonly Status: PropertyObjectStatus;
  readonly Number: string;
  readonly Floor: number;
  readonly Section: number | null;
  readonly Rooms: number;
  readonly TotalArea: DecimalString;
  readonly LivingArea: DecimalString | null;
  readonly Price: DecimalString;
  readonly CurrencyId: number;
  readonly CurrencySnapshot: CurrencySnapshot;
  readonly PricePerMeter: DecimalString;
  readonly WindowViews: { readonly Views: readonly WindowViewKind[] };
  readonly Capacity: number | null;
  readonly PropertyType: PropertyType;
  readonly UpdatedAt: IsoDateTime;
  readonly Version: number;
}

export interface PropertyObjectStatusChangedEvent {
  readonly PropertyObjectId: string;
  readonly TenantId: string;
  readonly ProjectId: string;
  readonly BuildingId: string;
  readonly FromStatus: PropertyObjectStatus;
  readonly ToStatus: PropertyObjectStatus;
  readonly StatusSource: StatusSource;
  /** The deal holding the object (Reserved/Booked), else null. */
  readonly HoldDealId: string | null;
  /** The booking holding the object (Reserved/Booked), else null. */
  readonly HoldBookingId: string | null;
  readonly ReservedUntil: IsoDateTime | null;
  readonly BookedUntil: IsoDateTime | null;
  readonly SoldAt: IsoDateTime | null;
  readonly StatusChangedAt: IsoDateTime;
  readonly Version: number;
}

export interface PropertyObjectPriceChangedEvent {
  readonly PropertyObjectId: string;
  readonly TenantId: string;
  readonly ProjectId: string;
  readonly BuildingId: string;
  readonly OldPrice: DecimalString;
  readonly NewPrice: DecimalString;
  readonly CurrencyId: number;
  readonly CurrencySnapshot: CurrencySnapshot;
  readonly PricePerMeter: DecimalString;
  readonly ChangedAt: IsoDateTime;
  readonly Source: PriceChangeSource;
  readonly Version: number;
}

export interface ChessboardEventByTopic {
  [TOPIC.developerUpserted]: DeveloperUpsertedEvent;
  [TOPIC.projectUpserted]: ProjectUpsertedEvent;
  [TOPIC.buildingUpserted]: BuildingUpsertedEvent;
  [TOPIC.propertyObjectUpserted]: PropertyObjectUpsertedEvent;
  [TOPIC.propertyObjectStatusChanged]: PropertyObjectStatusChangedEvent;
  [TOPIC.propertyObjectPriceChanged]: PropertyObjectPriceChangedEvent;
}

export type ChessboardTopic = keyof ChessboardEventByTopic;

/** The rouble snapshot every price carries in v1 (ADR-0048 of the business: rouble storefront). */
export const RUB_CURRENCY: CurrencySnapshot = {
  Id: 643,
  IsoCode: "RUB",
  Name: "Российский рубль",
  Symbol: "₽",
};
