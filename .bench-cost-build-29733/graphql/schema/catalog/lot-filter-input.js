import { RADIUS_KM_MAX, RADIUS_KM_MIN } from "../../../domain/catalog/storefront/geo.js";
import { QUERY_MAX_LENGTH } from "../../../domain/catalog/storefront/search-query.js";
import { builder } from "../../builder.js";
import {
  ConstructionStatusEnum,
  LotTypeEnum,
  ProjectKindEnum,
  PropertyClassEnum,
  parseDay
} from "./catalog-types.js";
const BoundingBoxInput = builder.inputType("GeoBoundingBox", {
  description: "A map viewport in degrees (WGS 84); west \u2264 east (split a view across the antimeridian in two).",
  fields: (t) => ({
    south: t.float({ required: true, description: "Southern edge, degrees latitude" }),
    west: t.float({ required: true, description: "Western edge, degrees longitude" }),
    north: t.float({ required: true, description: "Northern edge, degrees latitude" }),
    east: t.float({ required: true, description: "Eastern edge, degrees longitude" })
  })
});
const NearInput = builder.inputType("GeoNear", {
  description: `Within radiusKm (${RADIUS_KM_MIN}..${RADIUS_KM_MAX}) of a point; also the origin of sort DISTANCE.`,
  fields: (t) => ({
    latitude: t.float({ required: true, description: "Centre, degrees (WGS 84)" }),
    longitude: t.float({ required: true, description: "Centre, degrees (WGS 84)" }),
    radiusKm: t.float({ required: true, description: "Radius, kilometres" })
  })
});
const DeliveryQuarterInput = builder.inputType("DeliveryQuarter", {
  description: "A calendar quarter, for the delivery-date bounds of the lot filter.",
  fields: (t) => ({
    year: t.int({ required: true, description: "Calendar year, e.g. 2027" }),
    quarter: t.int({ required: true, description: "1..4" })
  })
});
const LotFilterInput = builder.inputType("LotFilter", {
  description: "Every field narrows the feed; lists match any of their values (at most 50 each).",
  fields: (t) => ({
    q: t.string({
      required: false,
      description: `Search text (\u2264 ${QUERY_MAX_LENGTH} chars): Russian full text over the title, project, building, developer and address, forgiving typos where the server supports it (catalogSearchInfo). Sort RELEVANCE ranks by it.`
    }),
    bbox: t.field({
      type: BoundingBoxInput,
      required: false,
      description: "The map viewport (project coordinates)"
    }),
    near: t.field({
      type: NearInput,
      required: false,
      description: "Within a radius of a point (and the origin of sort DISTANCE)"
    }),
    floorMin: t.int({ required: false, description: "Floor \u2265" }),
    floorMax: t.int({ required: false, description: "Floor \u2264" }),
    notFirstFloor: t.boolean({ required: false, description: "true: excludes lots on floor 1" }),
    notLastFloor: t.boolean({
      required: false,
      description: "Excludes lots whose building height is unknown"
    }),
    propertyClasses: t.field({
      type: [PropertyClassEnum],
      required: false,
      description: "Any of these project classes"
    }),
    constructionStatuses: t.field({
      type: [ConstructionStatusEnum],
      required: false,
      description: "Any of these construction stages"
    }),
    deliveryByQuarter: t.field({
      type: DeliveryQuarterInput,
      required: false,
      description: "Delivered by the end of the quarter"
    }),
    readinessMin: t.int({ required: false, description: "Readiness percent \u2265 (0..100)" }),
    distanceMinutesMax: t.int({ required: false, description: "Minutes to transport \u2264" }),
    pricePerMeterMin: t.field({ type: "Decimal", required: false, description: "Price per m\xB2 \u2265, RUB" }),
    pricePerMeterMax: t.field({ type: "Decimal", required: false, description: "Price per m\xB2 \u2264, RUB" }),
    regionIds: t.intList({ required: false, description: "Any of these geo-directory regions" }),
    cityIds: t.intList({ required: false, description: "Any of these geo-directory cities" }),
    projectIds: t.idList({ required: false, description: "Any of these projects" }),
    developerIds: t.idList({ required: false, description: "Any of these developers (tenants)" }),
    rooms: t.intList({ required: false, description: "Room counts (0 = studio)" }),
    priceMin: t.field({ type: "Decimal", required: false, description: "Price \u2265, RUB" }),
    priceMax: t.field({ type: "Decimal", required: false, description: "Price \u2264, RUB" }),
    areaMin: t.field({ type: "Decimal", required: false, description: "Total area \u2265, m\xB2" }),
    areaMax: t.field({ type: "Decimal", required: false, description: "Total area \u2264, m\xB2" }),
    deliveryBy: t.string({ required: false, description: "Delivered on or before this day, YYYY-MM-DD" }),
    kinds: t.field({ type: [ProjectKindEnum], required: false, description: "Any of these project kinds" }),
    types: t.field({
      type: [LotTypeEnum],
      required: false,
      description: "Any of these property types (lots without one never match)"
    })
  })
});
function lotFilter(f) {
  if (!f) return null;
  return {
    regionIds: f.regionIds ?? null,
    cityIds: f.cityIds ?? null,
    projectIds: f.projectIds?.map(String) ?? null,
    developerIds: f.developerIds?.map(String) ?? null,
    rooms: f.rooms ?? null,
    priceMin: f.priceMin ?? null,
    priceMax: f.priceMax ?? null,
    areaMin: f.areaMin ?? null,
    areaMax: f.areaMax ?? null,
    deliveryBy: parseDay("deliveryBy", f.deliveryBy),
    kinds: f.kinds ?? null,
    types: f.types ?? null,
    q: f.q ?? null,
    bbox: f.bbox ?? null,
    near: f.near ?? null,
    floorMin: f.floorMin ?? null,
    floorMax: f.floorMax ?? null,
    notFirstFloor: f.notFirstFloor ?? null,
    notLastFloor: f.notLastFloor ?? null,
    propertyClasses: f.propertyClasses ?? null,
    constructionStatuses: f.constructionStatuses ?? null,
    deliveryByQuarter: f.deliveryByQuarter ?? null,
    readinessMin: f.readinessMin ?? null,
    distanceMinutesMax: f.distanceMinutesMax ?? null,
    pricePerMeterMin: f.pricePerMeterMin ?? null,
    pricePerMeterMax: f.pricePerMeterMax ?? null
  };
}
export {
  BoundingBoxInput,
  LotFilterInput,
  lotFilter
};
//# sourceMappingURL=lot-filter-input.js.map
