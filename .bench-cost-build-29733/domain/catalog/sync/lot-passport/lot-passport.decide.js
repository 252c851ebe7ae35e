import { invalidPayload } from "../../catalog.errors.js";
import {
  knownPropertyType,
  mapPropertyObjectStatus,
  mapTypeName,
  mapView,
  NUMBER_MAX
} from "../../vocabulary/card-vocabulary.js";
import { generateTitle, normaliseDecimal, toHundredths } from "../../vocabulary/numbers.js";
import {
  assertRub,
  assertTenant,
  isStale,
  requireId,
  requireText,
  requireVersion
} from "../../vocabulary/payload-rules.js";
const FLOOR_MIN = -5;
const ROOMS_MAX = 20;
function decidePropertyObjectUpsert(payload, card, project) {
  const warnings = [];
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
  let living = null;
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
  const kind = project?.kind ?? "ResidentialComplex";
  const typeName = mapTypeName(payload.PropertyType, kind, warnings);
  const propertyType = knownPropertyType(payload.PropertyType);
  const areaTotal = normaliseDecimal(payload.TotalArea);
  const source = {
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
    chessboardVersion: payload.Version
  };
  const commissionNeeded = card === null || card.layoutId !== source.layoutId || card.layoutGroupId !== source.layoutGroupId || card.roomsCount !== source.roomsCount || normaliseDecimal(card.areaTotal) !== areaTotal || card.propertyType !== propertyType;
  return {
    kind: "apply",
    created: card === null,
    source,
    projectMissing: project === null,
    commissionNeeded,
    warnings
  };
}
export {
  decidePropertyObjectUpsert
};
//# sourceMappingURL=lot-passport.decide.js.map
