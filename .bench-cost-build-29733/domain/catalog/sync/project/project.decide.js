import { kindChanged } from "../../catalog.errors.js";
import {
  ADDRESS_MAX,
  mapConstructionStatus,
  mapGeo,
  mapProjectKind,
  mapProjectStatus,
  mapPropertyClass,
  NAME_MAX,
  SHORT_DESCRIPTION_MAX,
  truncate
} from "../../vocabulary/card-vocabulary.js";
import {
  assertTenant,
  isStale,
  requireId,
  requireText,
  requireVersion
} from "../../vocabulary/payload-rules.js";
const KIND_MISMATCH_LIMIT = 3;
function decideProjectUpsert(payload, card) {
  const warnings = [];
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
    kind = card.kind;
    warnings.push({ field: "Type", reason: `Kind ${card.kind} is immutable; mapped ${mappedKind}` });
  }
  const region = mapGeo("Region", payload.RegionId, payload.RegionSnapshot, warnings);
  const city = mapGeo("City", payload.CityId, payload.CitySnapshot, warnings);
  const [lat, lon] = [payload.GeoLatitude, payload.GeoLongitude];
  const bothGeo = lat !== null && lon !== null;
  if (!bothGeo && (lat !== null || lon !== null)) {
    warnings.push({ field: "GeoLatitude/GeoLongitude", reason: "only one coordinate \u2192 no location" });
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
      shortDescription: payload.ShortDescription === null ? null : truncate(payload.ShortDescription, SHORT_DESCRIPTION_MAX, "ShortDescription", warnings),
      geoLatitude: bothGeo ? lat : null,
      geoLongitude: bothGeo ? lon : null,
      name: truncate(name, NAME_MAX, "Name", warnings),
      address: truncate(address, ADDRESS_MAX, "AddressLine", warnings),
      stars: payload.Stars,
      distanceMinutes: payload.DistanceMinutes,
      chessboardVersion: payload.Version
    }
  };
}
export {
  KIND_MISMATCH_LIMIT,
  decideProjectUpsert
};
//# sourceMappingURL=project.decide.js.map
