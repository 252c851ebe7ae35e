/**
 * A. ProjectUpserted, decided (pure): the payload and the card's guard state in, what to write out
 * (or stale, or the spec's typed error). No database, no clock.
 */
import type { CatalogProjectUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { kindChanged } from "../../catalog.errors.js";
import {
  ADDRESS_MAX,
  type CardConstructionStatus,
  type CardStatus,
  mapConstructionStatus,
  mapGeo,
  mapProjectKind,
  mapProjectStatus,
  mapPropertyClass,
  NAME_MAX,
  type ProjectKind,
  type PropertyClass,
  SHORT_DESCRIPTION_MAX,
  truncate,
  type Warnings,
} from "../../vocabulary/card-vocabulary.js";
import {
  assertTenant,
  isStale,
  requireId,
  requireText,
  requireVersion,
} from "../../vocabulary/payload-rules.js";

/** INV-4 project-card: the 3rd consecutive Kind mismatch of one project is systematic → DLQ. */
export const KIND_MISMATCH_LIMIT = 3;

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
