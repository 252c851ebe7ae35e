import { RUB_CURRENCY } from "../../../contracts/chessboard-events.js";
import { requireName, validateProject } from "./structure.validation.js";
const DEFAULT_DEVELOPER_STATUS = "Active";
function decideDeveloperUpsert(current, input) {
  const name = requireName(input.name, "name");
  if (!current) {
    return {
      name,
      status: input.status ?? DEFAULT_DEVELOPER_STATUS,
      logoFileId: input.logoFileId ?? null
    };
  }
  return {
    name,
    status: input.status ?? current.status,
    logoFileId: input.logoFileId === void 0 ? current.logoFileId : input.logoFileId
  };
}
function decideProjectColumns(input) {
  validateProject(input);
  return {
    name: requireName(input.name, "name"),
    status: input.status,
    type: input.type,
    class: input.class,
    constructionStatus: input.constructionStatus,
    countryId: input.country.id,
    countryName: input.country.name,
    countryIsoCode: input.country.isoCode,
    regionId: input.region?.id ?? null,
    regionName: input.region?.name ?? null,
    cityId: input.city?.id ?? null,
    cityName: input.city?.name ?? null,
    addressLine: requireName(input.addressLine, "addressLine"),
    geoLatitude: input.geo?.latitude ?? null,
    geoLongitude: input.geo?.longitude ?? null,
    stars: input.stars ?? null,
    coverImageFileId: input.coverImageFileId ?? null,
    shortDescription: input.shortDescription ?? null,
    distanceMinutes: input.distanceMinutes ?? null,
    currencyIsoCode: RUB_CURRENCY.IsoCode
  };
}
export {
  decideDeveloperUpsert,
  decideProjectColumns
};
//# sourceMappingURL=project.decide.js.map
