/**
 * Pure mappings from chessboard payload values to catalog card values (the spec's payload tables).
 * Unknown enum values never lose the event: they fall back to a safe value and add a warning that
 * the consumer logs ("warn fallback").
 */
import type {
  ConstructionStatus,
  ProjectClass,
  ProjectStatus,
  ProjectType,
  PropertyObjectStatus,
  PropertyType,
  WindowViewKind,
} from "../../../contracts/chessboard-events.js";

export interface MappingWarning {
  readonly field: string;
  readonly reason: string;
  /** The offending source value, cut to a short length (never free text from a user). */
  readonly value?: string;
  /** Set when an enum value took the spec's fallback (counted: catalog_sync_enum_fallback_total) */
  readonly enumFallback?: EnumFallbackField;
}

/** The enum fields with a fallback in the spec's tables: the bounded label set of the fallback metric. */
export const ENUM_FALLBACK_FIELDS = [
  "Status",
  "Type",
  "Class",
  "ConstructionStatus",
  "ToStatus",
  "PropertyType",
  "WindowViews",
] as const;
export type EnumFallbackField = (typeof ENUM_FALLBACK_FIELDS)[number];

export type Warnings = MappingWarning[];

/** An enum value mapped to the spec's fallback: a warning that is also counted (decision 0302). */
const fallback = (warnings: Warnings, field: EnumFallbackField, reason: string, value: unknown): void => {
  warnings.push({ field, reason, value: String(value).slice(0, WARN_VALUE_MAX), enumFallback: field });
};

const WARN_VALUE_MAX = 64;
const warn = (warnings: Warnings, field: string, reason: string, value?: unknown): void => {
  warnings.push({
    field,
    reason,
    ...(value === undefined ? {} : { value: String(value).slice(0, WARN_VALUE_MAX) }),
  });
};

export const CARD_STATUSES = ["Published", "Hidden", "Delisted"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const PROJECT_KINDS = ["ResidentialComplex", "ApartHotel"] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

export const PROPERTY_CLASSES = ["Comfort", "Business", "Premium", "Elite"] as const;
export type PropertyClass = (typeof PROPERTY_CLASSES)[number];

export const CARD_CONSTRUCTION_STATUSES = ["Planned", "InProgress", "Commissioned"] as const;
export type CardConstructionStatus = (typeof CARD_CONSTRUCTION_STATUSES)[number];

/** Published → Published (visibility decides later, INV-1); Draft/Hidden → Hidden; Archived → Delisted. */
export function mapProjectStatus(status: ProjectStatus | string, warnings: Warnings): CardStatus {
  switch (status as ProjectStatus) {
    case "Published":
      return "Published";
    case "Draft":
    case "Hidden":
      return "Hidden";
    case "Archived":
      return "Delisted";
    default:
      fallback(warnings, "Status", "unknown project status → Hidden", status);
      return "Hidden";
  }
}

export function mapProjectKind(type: ProjectType | string, warnings: Warnings): ProjectKind {
  switch (type as ProjectType) {
    case "ResidentialComplex":
      return "ResidentialComplex";
    case "ApartHotel":
    case "Hotel":
      return "ApartHotel";
    case "Villa":
      fallback(warnings, "Type", "Villa has no storefront kind → ResidentialComplex", type);
      return "ResidentialComplex";
    default:
      fallback(warnings, "Type", "unknown project type → ResidentialComplex", type);
      return "ResidentialComplex";
  }
}

export function mapPropertyClass(value: ProjectClass | string, warnings: Warnings): PropertyClass {
  switch (value as ProjectClass) {
    case "Comfort":
    case "Business":
    case "Premium":
    case "Elite":
      return value as PropertyClass;
    case "Standard":
      fallback(warnings, "Class", "Standard → Comfort", value);
      return "Comfort";
    default:
      fallback(warnings, "Class", "unknown project class → Comfort", value);
      return "Comfort";
  }
}

export function mapConstructionStatus(
  value: ConstructionStatus | string,
  warnings: Warnings,
): CardConstructionStatus {
  switch (value as ConstructionStatus) {
    case "Planned":
      return "Planned";
    case "UnderConstruction":
      return "InProgress";
    case "Commissioned":
    case "Delivered":
      return "Commissioned";
    default:
      fallback(warnings, "ConstructionStatus", "unknown construction status → InProgress", value);
      return "InProgress";
  }
}

/** Replica 1:1; an unknown status is Hidden (fail-safe: what we do not understand is not sold). */
export function mapPropertyObjectStatus(
  value: PropertyObjectStatus | string,
  warnings: Warnings,
  field: "Status" | "ToStatus" = "Status",
): PropertyObjectStatus {
  switch (value as PropertyObjectStatus) {
    case "Free":
    case "Reserved":
    case "Booked":
    case "Sold":
    case "Hidden":
      return value as PropertyObjectStatus;
    default:
      fallback(warnings, field, "unknown property object status → Hidden", value);
      return "Hidden";
  }
}

export interface GeoRef {
  readonly id: number | null;
  readonly name: string | null;
}

/**
 * Region/city: the id is the filter key, the snapshot gives the display name. An id without a
 * snapshot (or a snapshot of another id, or one without an id) keeps the id and drops the name.
 */
export function mapGeo(
  field: "Region" | "City",
  id: number | null,
  snapshot: { readonly Id: number | null; readonly Name: string | null } | null,
  warnings: Warnings,
): GeoRef {
  if (id === null) {
    if (snapshot !== null)
      warn(warnings, `${field}Snapshot`, "snapshot without an id → null geo", snapshot.Id);
    return { id: null, name: null };
  }
  if (snapshot === null || snapshot.Id !== id || !snapshot.Name) {
    warn(warnings, `${field}Snapshot`, "id and snapshot disagree → display name null", id);
    return { id, name: null };
  }
  return { id, name: truncate(snapshot.Name, GEO_NAME_MAX, `${field}Snapshot.Name`, warnings) };
}

export const NAME_MAX = 256;
export const ADDRESS_MAX = 512;
export const SHORT_DESCRIPTION_MAX = 1024;
export const NUMBER_MAX = 32;
const GEO_NAME_MAX = 256;

/** Cuts an over-long text at `max` code points and warns (the event is not lost). */
export function truncate(value: string, max: number, field: string, warnings: Warnings): string {
  const codePoints = Array.from(value);
  if (codePoints.length <= max) return value;
  warn(warnings, field, `longer than ${max} characters, truncated`, codePoints.length);
  return codePoints.slice(0, max).join("");
}

const VIEW_LABELS: Readonly<Record<WindowViewKind, string>> = {
  Sea: "Море",
  City: "Город",
  Courtyard: "Двор",
  Mountains: "Горы",
  Park: "Парк",
  River: "Река",
  Street: "Улица",
};

/** The first window view as its Russian label; an empty list → null; an unknown kind → null + warn. */
export function mapView(views: readonly string[], warnings: Warnings): string | null {
  const first = views[0];
  if (first === undefined) return null;
  const label = Object.hasOwn(VIEW_LABELS, first) ? VIEW_LABELS[first as WindowViewKind] : undefined;
  if (label === undefined) fallback(warnings, "WindowViews", "unknown window view → no view", first);
  return label ?? null;
}

export const TYPE_NAME = {
  apartment: "Квартира",
  apartHotelUnit: "Апартамент",
  parking: "Паркинг",
  commercial: "Коммерция",
} as const;

/**
 * TypeName of a lot (DSC-CAT-2): from PropertyType, an Apartment in an apart-hotel is an
 * «Апартамент»; missing/unknown → by the project's Kind (+ warn).
 */
export function mapTypeName(
  propertyType: PropertyType | string | null | undefined,
  kind: ProjectKind,
  warnings: Warnings,
): string {
  const byKind = kind === "ApartHotel" ? TYPE_NAME.apartHotelUnit : TYPE_NAME.apartment;
  switch (propertyType as PropertyType) {
    case "Apartment":
      return byKind;
    case "Parking":
      return TYPE_NAME.parking;
    case "Commercial":
      return TYPE_NAME.commercial;
    default:
      fallback(
        warnings,
        "PropertyType",
        "missing or unknown property type → by project kind",
        propertyType ?? "null",
      );
      return byKind;
  }
}

/** A known PropertyType or null (the card keeps chessboard's value for the `type` filter). */
export function knownPropertyType(value: string | null | undefined): PropertyType | null {
  return value === "Apartment" || value === "Parking" || value === "Commercial" ? value : null;
}
