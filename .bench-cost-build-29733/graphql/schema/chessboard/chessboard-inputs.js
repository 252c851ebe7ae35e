import { FLOORS_MAX, SECTIONS_MAX } from "../../../domain/chessboard/structure/structure.validation.js";
import { builder } from "../../builder.js";
import { intRange, listMax, TEXT, text } from "../../scalars/index.js";
import {
  ConstructionStatusEnum,
  ProjectClassEnum,
  ProjectStatusEnum,
  ProjectTypeEnum,
  PropertyTypeEnum,
  WindowViewEnum
} from "./chessboard-types.js";
const GeoRefInput = builder.inputType("ChessboardGeoRefInput", {
  description: "A region or city of the geo directory: its id and display name.",
  fields: (t) => ({
    id: t.int({
      required: true,
      description: "Directory id, positive",
      validate: intRange(1, 2147483647, "id")
    }),
    name: t.string({ required: true, description: "Display name", validate: text(TEXT.short, "name") })
  })
});
const CountryInput = builder.inputType("ChessboardCountryInput", {
  description: "The country of a project: directory id, display name and ISO code.",
  fields: (t) => ({
    id: t.int({
      required: true,
      validate: intRange(1, 2147483647, "id"),
      description: "Directory id, positive"
    }),
    name: t.string({ required: true, validate: text(TEXT.short, "name"), description: "Display name" }),
    isoCode: t.string({
      required: true,
      description: "ISO 3166-1 code, at most 3 characters",
      validate: text({ max: 3 }, "isoCode")
    })
  })
});
const GeoPointInput = builder.inputType("ChessboardGeoPointInput", {
  description: "A point on the map (WGS 84).",
  fields: (t) => ({
    latitude: t.field({ type: "Decimal", required: true, description: "Degrees, -90..90" }),
    longitude: t.field({ type: "Decimal", required: true, description: "Degrees, -180..180" })
  })
});
const ProjectFieldsInput = builder.inputType("ChessboardProjectInput", {
  description: "Every editable field of a project, as create and update take them.",
  fields: (t) => ({
    name: t.string({ required: true, validate: text(TEXT.short, "name"), description: "Display name" }),
    status: t.field({ type: ProjectStatusEnum, required: true, description: "Lifecycle status" }),
    type: t.field({ type: ProjectTypeEnum, required: true, description: "ProjectType" }),
    class: t.field({ type: ProjectClassEnum, required: true, description: "ProjectClass" }),
    constructionStatus: t.field({
      type: ConstructionStatusEnum,
      required: true,
      description: "Construction stage"
    }),
    country: t.field({ type: CountryInput, required: true, description: "The country" }),
    region: t.field({ type: GeoRefInput, required: false, description: "The region; omit when none" }),
    city: t.field({ type: GeoRefInput, required: false, description: "The city; omit when none" }),
    addressLine: t.string({
      required: true,
      validate: text(TEXT.short, "addressLine"),
      description: "Street address"
    }),
    geo: t.field({
      type: GeoPointInput,
      required: false,
      description: "Location on the map; omit when unknown"
    }),
    stars: t.int({
      required: false,
      validate: intRange(0, 5, "stars"),
      description: "Hotel stars 0..5; omit when not rated"
    }),
    shortDescription: t.string({
      description: "A paragraph about the project; omit when none",
      required: false,
      validate: text({ ...TEXT.long, min: 0 }, "shortDescription")
    }),
    distanceMinutes: t.int({
      required: false,
      validate: intRange(0, 1440, "distanceMinutes"),
      description: "Minutes to transport 0..1440; omit when not stated"
    })
  })
});
const BuildingStatusInputEnum = builder.enumType("ChessboardBuildingEditableStatus", {
  description: "Hiding has its own mutation (setChessboardBuildingHidden) because it cascades.",
  values: ["Draft", "Published"]
});
const BuildingFieldsInput = builder.inputType("ChessboardBuildingInput", {
  description: "Every editable field of a building, as create and update take them.",
  fields: (t) => ({
    name: t.string({ required: true, validate: text(TEXT.short, "name"), description: "Display name" }),
    status: t.field({
      type: BuildingStatusInputEnum,
      required: true,
      description: "Draft or Published (hide with setChessboardBuildingHidden)"
    }),
    floorsTotal: t.int({
      required: true,
      validate: intRange(1, FLOORS_MAX, "floorsTotal"),
      description: "Floors above ground, 1..200"
    }),
    sectionsCount: t.int({
      required: true,
      validate: intRange(1, SECTIONS_MAX, "sectionsCount"),
      description: "Sections (entrances), 1..50"
    }),
    deliveryYear: t.int({
      required: false,
      validate: intRange(1950, 2100, "deliveryYear"),
      description: "Planned delivery year 1950..2100; omit when unknown"
    }),
    deliveryQuarter: t.int({
      required: false,
      validate: intRange(1, 4, "deliveryQuarter"),
      description: "Planned delivery quarter 1..4; omit when unknown"
    }),
    readinessPercent: t.int({
      required: false,
      validate: intRange(0, 100, "readinessPercent"),
      description: "Construction readiness 0..100; omit when unknown"
    }),
    constructionStatus: t.field({
      type: ConstructionStatusEnum,
      required: true,
      description: "Construction stage"
    }),
    addressLine: t.string({
      description: "Street address when it differs from the project's; omit otherwise",
      required: false,
      validate: text({ ...TEXT.short, min: 0 }, "addressLine")
    })
  })
});
const PropertyObjectFieldsInput = builder.inputType("PropertyObjectInput", {
  description: "Every editable field of a property object (price has its own mutation), as create and update take them.",
  fields: (t) => ({
    number: t.string({
      description: "Number in its building as on the plan, \u2264 32 characters",
      required: true,
      validate: text({ max: 32 }, "number")
    }),
    floor: t.int({
      required: true,
      validate: intRange(-5, FLOORS_MAX, "floor"),
      description: "Floor -5..200 (1 = ground floor)"
    }),
    section: t.int({
      required: false,
      validate: intRange(1, SECTIONS_MAX, "section"),
      description: "Section 1..50; omit when the building has none"
    }),
    rooms: t.int({
      required: true,
      validate: intRange(0, 20, "rooms"),
      description: "Rooms 0..20; 0 = studio"
    }),
    totalArea: t.field({ type: "Decimal", required: true, description: "Total area, m\xB2" }),
    livingArea: t.field({
      type: "Decimal",
      required: false,
      description: "Living area, m\xB2; omit when unknown"
    }),
    propertyType: t.field({
      type: PropertyTypeEnum,
      required: true,
      description: "Apartment, Commercial or Parking"
    }),
    windowViews: t.field({
      type: [WindowViewEnum],
      required: false,
      validate: listMax(7, "windowViews"),
      description: "What the windows look out on, at most 7"
    }),
    layoutId: t.id({ required: false, description: "The layout (plan) it follows; omit when none" }),
    layoutGroupId: t.id({ required: false, description: "The layout group; omit when none" }),
    capacity: t.int({
      required: false,
      validate: intRange(0, 1e3, "capacity"),
      description: "Capacity as the developer states it, 0..1000; omit when not applicable"
    })
  })
});
export {
  BuildingFieldsInput,
  ProjectFieldsInput,
  PropertyObjectFieldsInput
};
//# sourceMappingURL=chessboard-inputs.js.map
