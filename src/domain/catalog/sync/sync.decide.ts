/**
 * Pure decisions of the chessboard → catalog sync, one per flow (A–F of the spec). Each takes the
 * payload and the little the repositories read, and returns what to write, or throws the spec's
 * typed error. No database, no clock: the event time is passed in.
 */
import type { PropertyObjectStatus, PropertyType } from "../../../contracts/chessboard-events.js";
import type {
  CatalogBuildingUpserted,
  CatalogDeveloperUpserted,
  CatalogPriceChanged,
  CatalogProjectUpserted,
  CatalogPropertyObjectUpserted,
  CatalogStatusChanged,
} from "../../../contracts/readers/catalog-chessboard-sync.readers.js";
import {
  contractFieldMissing,
  invalidPayload,
  kindChanged,
  projectCardNotFound,
  propertyObjectCardNotFound,
  tenantMismatch,
  unsupportedCurrency,
} from "../catalog.errors.js";
import {
  ADDRESS_MAX,
  type CardConstructionStatus,
  type CardStatus,
  knownPropertyType,
  mapConstructionStatus,
  mapGeo,
  mapProjectKind,
  mapProjectStatus,
  mapPropertyClass,
  mapPropertyObjectStatus,
  mapTypeName,
  mapView,
  NAME_MAX,
  NUMBER_MAX,
  type ProjectKind,
  type PropertyClass,
  SHORT_DESCRIPTION_MAX,
  truncate,
  type Warnings,
} from "./mapping.js";
import { deliveryDate, generateTitle, normaliseDecimal, toHundredths } from "./numbers.js";

export const EMPTY_GUID = "00000000-0000-0000-0000-000000000000";
export const SUPPORTED_CURRENCY = "RUB";
/** INV-4 project-card: the 3rd consecutive Kind mismatch of one project is systematic → DLQ. */
export const KIND_MISMATCH_LIMIT = 3;
const FLOOR_MIN = -5;
const ROOMS_MAX = 20;
const PERCENT_MAX = 100;
const QUARTERS = 4;

/** The monotonic version guard (INV-3 project-card, INV-4 property-object-card). */
export const isStale = (eventVersion: number, cardVersion: number | null): boolean =>
  cardVersion !== null && eventVersion <= cardVersion;

function requireId(field: string, value: string): void {
  if (!value || value === EMPTY_GUID) throw invalidPayload(field, "must be a non-empty id");
}

function requireVersion(version: number): void {
  if (!Number.isSafeInteger(version) || version < 1) throw invalidPayload("Version", "must be >= 1");
}

/** DSC-CAT-1: a required text field missing or blank → CATALOG_SYNC_CONTRACT_FIELD_MISSING. */
function requireText(field: string, value: string | null | undefined): string {
  if (typeof value !== "string" || value.trim() === "") throw contractFieldMissing(field);
  return value.trim();
}

/** v1 of the storefront is rouble-only: anything else is dead-lettered with an alert. */
export function assertRub(currency: { readonly IsoCode?: string | null } | null | undefined): void {
  const iso = currency?.IsoCode ?? "";
  if (iso !== SUPPORTED_CURRENCY) throw unsupportedCurrency(iso || "(none)");
}

/** Tenant checks fail closed: a different tenant is never written, whatever the reason. */
export function assertTenant(what: string, expectedDeveloperId: string, tenantId: string): void {
  if (expectedDeveloperId !== tenantId) throw tenantMismatch(what, expectedDeveloperId, tenantId);
}

// ---------------------------------------------------------------------------------------------
// A. ProjectUpserted

export interface ProjectCardState {
  readonly id: string;
  readonly developerId: string;
  readonly kind: ProjectKind;
  readonly kindMismatchCount: number;
  readonly chessboardVersion: number;
  readonly rowVersion: number;
}

export interface ProjectSource {
  readonly developerId: string;
  readonly developerName: string;
  readonly developerLogoFileId: string | null;
  readonly sourceStatus: CardStatus;
  readonly kind: ProjectKind;
  readonly propertyClass: PropertyClass;
  readonly constructionStatus: CardConstructionStatus;
  readonly regionId: number | null;
  readonly regionName: string | null;
  readonly cityId: number | null;
  readonly cityName: string | null;
  readonly coverFileId: string | null;
  readonly shortDescription: string | null;
  readonly geoLatitude: string | null;
  readonly geoLongitude: string | null;
  readonly name: string;
  readonly address: string;
  readonly stars: number | null;
  readonly distanceMinutes: number | null;
  readonly chessboardVersion: number;
}

export type ProjectDecision =
  | { readonly kind: "stale" }
  | {
      readonly kind: "apply";
      readonly created: boolean;
      readonly source: ProjectSource;
      /** Consecutive Kind mismatches after this event (0 when it agrees) */
      readonly kindMismatchCount: number;
      readonly kindMismatch: boolean;
      readonly warnings: Warnings;
    };

export function decideProjectUpsert(
  payload: CatalogProjectUpserted,
  card: ProjectCardState | null,
): ProjectDecision {
  const warnings: Warnings = [];
  requireId("Id", payload.Id);
  requireId("DeveloperId", payload.DeveloperId);
  requireVersion(payload.Version);
  assertTenant(`project ${payload.Id}`, payload.DeveloperId, payload.TenantId);
  if (card) assertTenant(`project ${payload.Id} card`, card.developerId, payload.TenantId);
  const address = requireText("AddressLine", payload.AddressLine);
  const developerName = requireText("DeveloperName", payload.DeveloperName);
  const name = requireText("Name", payload.Name);

  if (card && isStale(payload.Version, card.chessboardVersion)) return { kind: "stale" };

  const mappedKind = mapProjectKind(payload.Type, warnings);
  let kind = mappedKind;
  let kindMismatchCount = 0;
  let kindMismatch = false;
  if (card && card.kind !== mappedKind) {
    kindMismatchCount = card.kindMismatchCount + 1;
    if (kindMismatchCount >= KIND_MISMATCH_LIMIT) {
      throw kindChanged(payload.Id, card.kind, mappedKind, kindMismatchCount);
    }
    kindMismatch = true;
    kind = card.kind; // Kind is immutable: the card keeps its kind, the rest of the event applies
    warnings.push({ field: "Type", reason: `Kind ${card.kind} is immutable; mapped ${mappedKind}` });
  }

  const region = mapGeo("Region", payload.RegionId, payload.RegionSnapshot, warnings);
  const city = mapGeo("City", payload.CityId, payload.CitySnapshot, warnings);
  const [lat, lon] = [payload.GeoLatitude, payload.GeoLongitude];
  const bothGeo = lat !== null && lon !== null;
  if (!bothGeo && (lat !== null || lon !== null)) {
    warnings.push({ field: "GeoLatitude/GeoLongitude", reason: "only one coordinate → no location" });
  }
  return {
    kind: "apply",
    created: card === null,
    kindMismatchCount,
    kindMismatch,
    warnings,
    source: {
      developerId: payload.DeveloperId,
      developerName: truncate(developerName, NAME_MAX, "DeveloperName", warnings),
      developerLogoFileId: payload.DeveloperLogoFileId,
      sourceStatus: mapProjectStatus(payload.Status, warnings),
      kind,
      propertyClass: mapPropertyClass(payload.Class, warnings),
      constructionStatus: mapConstructionStatus(payload.ConstructionStatus, warnings),
      regionId: region.id,
      regionName: region.name,
      cityId: city.id,
      cityName: city.name,
      coverFileId: payload.CoverImageFileId,
      shortDescription:
        payload.ShortDescription === null
          ? null
          : truncate(payload.ShortDescription, SHORT_DESCRIPTION_MAX, "ShortDescription", warnings),
      geoLatitude: bothGeo ? lat : null,
      geoLongitude: bothGeo ? lon : null,
      name: truncate(name, NAME_MAX, "Name", warnings),
      address: truncate(address, ADDRESS_MAX, "AddressLine", warnings),
      stars: payload.Stars,
      distanceMinutes: payload.DistanceMinutes,
      chessboardVersion: payload.Version,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// B. DeveloperUpserted — no version guard: the rewrite is idempotent and per-key order suffices.

export interface DeveloperRename {
  readonly developerId: string;
  readonly name: string;
  readonly logoFileId: string | null;
  readonly warnings: Warnings;
}

export function decideDeveloperUpsert(payload: CatalogDeveloperUpserted): DeveloperRename {
  const warnings: Warnings = [];
  requireId("Id", payload.Id);
  requireVersion(payload.Version);
  const name = truncate(requireText("Name", payload.Name), NAME_MAX, "Name", warnings);
  return { developerId: payload.Id, name, logoFileId: payload.LogoFileId, warnings };
}

// ---------------------------------------------------------------------------------------------
// C. BuildingUpserted

export interface BuildingSource {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly floorsTotal: number;
  /** ISO date (last day of the delivery quarter) or null */
  readonly deliveryDate: string | null;
  readonly readinessPercent: number | null;
  readonly chessboardVersion: number;
}

export type BuildingDecision =
  | { readonly kind: "stale" }
  | { readonly kind: "apply"; readonly building: BuildingSource; readonly warnings: Warnings };

export function decideBuildingUpsert(
  payload: CatalogBuildingUpserted,
  project: { readonly developerId: string } | null,
  snapshotVersion: number | null,
): BuildingDecision {
  const warnings: Warnings = [];
  requireId("Id", payload.Id);
  requireId("ProjectId", payload.ProjectId);
  requireVersion(payload.Version);
  const name = truncate(requireText("Name", payload.Name), NAME_MAX, "Name", warnings);
  if (!Number.isInteger(payload.FloorsTotal) || payload.FloorsTotal < 1) {
    throw invalidPayload("FloorsTotal", "must be >= 1");
  }
  const q = payload.DeliveryQuarter;
  if (q !== null && (!Number.isInteger(q) || q < 1 || q > QUARTERS)) {
    throw invalidPayload("DeliveryQuarter", "must be 1..4");
  }
  const r = payload.ReadinessPercent;
  if (r !== null && (!Number.isInteger(r) || r < 0 || r > PERCENT_MAX)) {
    throw invalidPayload("ReadinessPercent", "must be 0..100");
  }
  if (!project) throw projectCardNotFound(payload.ProjectId);
  // TenantId is not in the spec's building table: checked only when the producer sends it.
  if (payload.TenantId !== null)
    assertTenant(`building ${payload.Id}`, project.developerId, payload.TenantId);
  if (isStale(payload.Version, snapshotVersion)) return { kind: "stale" };
  if (payload.DeliveryYear !== null && q === null) {
    warnings.push({ field: "DeliveryQuarter", reason: "year without a quarter → end of the year" });
  }
  if (payload.DeliveryYear === null && q !== null) {
    warnings.push({ field: "DeliveryYear", reason: "quarter without a year → no delivery date" });
  }
  return {
    kind: "apply",
    warnings,
    building: {
      id: payload.Id,
      projectId: payload.ProjectId,
      name,
      floorsTotal: payload.FloorsTotal,
      deliveryDate: deliveryDate(payload.DeliveryYear, q),
      readinessPercent: r,
      chessboardVersion: payload.Version,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// D. PropertyObjectUpserted

export interface LotCardState {
  readonly id: string;
  readonly projectId: string;
  readonly developerId: string;
  readonly status: CardStatus;
  readonly chessboardVersion: number;
  readonly rowVersion: number;
  /** The rewards matching fields as last stored */
  readonly layoutId: string | null;
  readonly layoutGroupId: string | null;
  readonly roomsCount: number;
  readonly areaTotal: string;
  readonly propertyType: PropertyType | null;
}

export interface LotSource {
  readonly id: string;
  readonly projectId: string;
  readonly buildingId: string;
  readonly developerId: string;
  readonly layoutId: string | null;
  readonly layoutGroupId: string | null;
  readonly propertyObjectStatus: PropertyObjectStatus;
  readonly number: string;
  readonly floor: number;
  readonly roomsCount: number;
  readonly areaTotal: string;
  readonly areaLiving: string | null;
  readonly view: string | null;
  readonly propertyType: PropertyType | null;
  readonly typeName: string;
  readonly title: string;
  readonly price: string;
  readonly chessboardVersion: number;
}

export type LotUpsertDecision =
  | { readonly kind: "stale" }
  | {
      readonly kind: "apply";
      readonly created: boolean;
      readonly source: LotSource;
      /** INV-2 ProjectFirst: no project card yet → the lot waits Hidden (log project-missing) */
      readonly projectMissing: boolean;
      /** Creation or a change of a rewards matching field → recompute AgentCommission */
      readonly commissionNeeded: boolean;
      readonly warnings: Warnings;
    };

export function decidePropertyObjectUpsert(
  payload: CatalogPropertyObjectUpserted,
  card: LotCardState | null,
  project: { readonly developerId: string; readonly kind: ProjectKind } | null,
): LotUpsertDecision {
  const warnings: Warnings = [];
  requireId("Id", payload.Id);
  requireId("ProjectId", payload.ProjectId);
  requireId("BuildingId", payload.BuildingId);
  requireVersion(payload.Version);
  const number = requireText("Number", payload.Number);
  if (Array.from(number).length > NUMBER_MAX)
    throw invalidPayload("Number", `at most ${NUMBER_MAX} characters`);
  if (!Number.isInteger(payload.Floor) || payload.Floor < FLOOR_MIN)
    throw invalidPayload("Floor", "must be >= -5");
  if (!Number.isInteger(payload.Rooms) || payload.Rooms < 0 || payload.Rooms > ROOMS_MAX) {
    throw invalidPayload("Rooms", "must be 0..20");
  }
  const area = toHundredths(payload.TotalArea);
  if (area === null || area <= 0n) throw invalidPayload("TotalArea", "must be > 0");
  let living: bigint | null = null;
  if (payload.LivingArea !== null) {
    living = toHundredths(payload.LivingArea);
    if (living === null || living <= 0n || living > area) {
      throw invalidPayload("LivingArea", "must be in (0, TotalArea]");
    }
  }
  const price = toHundredths(payload.Price);
  if (price === null || price < 0n) throw invalidPayload("Price", "must be >= 0");
  assertRub(payload.CurrencySnapshot);
  if (project) assertTenant(`property object ${payload.Id}`, project.developerId, payload.TenantId);
  if (card) assertTenant(`property object ${payload.Id} card`, card.developerId, payload.TenantId);

  if (card && isStale(payload.Version, card.chessboardVersion)) return { kind: "stale" };

  const kind: ProjectKind = project?.kind ?? "ResidentialComplex";
  const typeName = mapTypeName(payload.PropertyType, kind, warnings);
  const propertyType = knownPropertyType(payload.PropertyType);
  const areaTotal = normaliseDecimal(payload.TotalArea);
  const source: LotSource = {
    id: payload.Id,
    projectId: payload.ProjectId,
    buildingId: payload.BuildingId,
    developerId: payload.TenantId,
    layoutId: payload.LayoutId,
    layoutGroupId: payload.LayoutGroupId,
    propertyObjectStatus: mapPropertyObjectStatus(payload.Status, warnings),
    number,
    floor: payload.Floor,
    roomsCount: payload.Rooms,
    areaTotal,
    areaLiving: payload.LivingArea === null ? null : normaliseDecimal(payload.LivingArea),
    view: mapView(payload.WindowViews?.Views ?? [], warnings),
    propertyType,
    typeName,
    title: generateTitle(payload.Rooms, typeName, payload.TotalArea),
    price: normaliseDecimal(payload.Price),
    chessboardVersion: payload.Version,
  };
  const commissionNeeded =
    card === null ||
    card.layoutId !== source.layoutId ||
    card.layoutGroupId !== source.layoutGroupId ||
    card.roomsCount !== source.roomsCount ||
    normaliseDecimal(card.areaTotal) !== areaTotal ||
    card.propertyType !== propertyType;
  return {
    kind: "apply",
    created: card === null,
    source,
    projectMissing: project === null,
    commissionNeeded,
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// E. PropertyObjectStatusChanged / F. PropertyObjectPriceChanged

export type LotChangeDecision<T> =
  | { readonly kind: "stale" }
  /** INV-7 DelistedFrozen: status/price of a delisted lot are not applied (+ warn) */
  | { readonly kind: "delisted" }
  | { readonly kind: "apply"; readonly change: T; readonly warnings: Warnings };

function lotChangeGuards(
  id: string,
  version: number,
  tenantId: string,
  card: LotCardState | null,
): { kind: "stale" } | { kind: "delisted" } | { kind: "go"; card: LotCardState } {
  requireId("PropertyObjectId", id);
  requireVersion(version);
  if (!card) throw propertyObjectCardNotFound(id);
  assertTenant(`property object ${id}`, card.developerId, tenantId);
  if (isStale(version, card.chessboardVersion)) return { kind: "stale" };
  if (card.status === "Delisted") return { kind: "delisted" };
  return { kind: "go", card };
}

export function decideStatusChange(
  payload: CatalogStatusChanged,
  card: LotCardState | null,
): LotChangeDecision<{ status: PropertyObjectStatus; version: number }> {
  const warnings: Warnings = [];
  const status = mapPropertyObjectStatus(payload.ToStatus, warnings, "ToStatus");
  const guard = lotChangeGuards(payload.PropertyObjectId, payload.Version, payload.TenantId, card);
  if (guard.kind !== "go") return guard;
  return { kind: "apply", change: { status, version: payload.Version }, warnings };
}

export function decidePriceChange(
  payload: CatalogPriceChanged,
  card: LotCardState | null,
): LotChangeDecision<{ price: string; version: number }> {
  const price = toHundredths(payload.NewPrice);
  if (price === null || price < 0n) throw invalidPayload("NewPrice", "must be >= 0");
  assertRub(payload.CurrencySnapshot);
  const guard = lotChangeGuards(payload.PropertyObjectId, payload.Version, payload.TenantId, card);
  if (guard.kind !== "go") return guard;
  return {
    kind: "apply",
    change: { price: normaliseDecimal(payload.NewPrice), version: payload.Version },
    warnings: [],
  };
}
