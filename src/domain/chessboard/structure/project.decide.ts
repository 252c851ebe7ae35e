import type { DeveloperStatus } from "../../../contracts/chessboard-events.js";
import { RUB_CURRENCY } from "../../../contracts/chessboard-events.js";
import type { DeveloperInput, ProjectInput } from "./structure.types.js";
import { requireName, validateProject } from "./structure.validation.js";

/**
 * Pure decisions of the Developer and Project aggregates: validate the input (structure.validation.ts)
 * and say which columns to write. The commands (project.commands.ts) load, decide, then apply the
 * result with its event through chessboard's outbox in one transaction.
 */
const DEFAULT_DEVELOPER_STATUS: DeveloperStatus = "Active";

export interface DeveloperState {
  readonly status: string;
  readonly logoFileId: string | null;
}

/** Registering (no current state) or renaming a developer: the columns to write. */
export function decideDeveloperUpsert(current: DeveloperState | null, input: DeveloperInput) {
  const name = requireName(input.name, "name");
  if (!current) {
    return {
      name,
      status: input.status ?? DEFAULT_DEVELOPER_STATUS,
      logoFileId: input.logoFileId ?? null,
    };
  }
  return {
    name,
    status: input.status ?? current.status,
    logoFileId: input.logoFileId === undefined ? current.logoFileId : input.logoFileId,
  };
}

/** The validated columns of a project (create and update write the same set). */
export function decideProjectColumns(input: ProjectInput) {
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
    currencyIsoCode: RUB_CURRENCY.IsoCode,
  };
}
