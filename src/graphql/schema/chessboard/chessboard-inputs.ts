import { FLOORS_MAX, SECTIONS_MAX } from "../../../domain/chessboard/structure/structure.validation.js";
import { builder } from "../../builder.js";
import { intRange, listMax, TEXT, text } from "../../scalars/index.js";
import {
  ConstructionStatusEnum,
  ProjectClassEnum,
  ProjectStatusEnum,
  ProjectTypeEnum,
  PropertyTypeEnum,
  WindowViewEnum,
} from "./chessboard-types.js";

/** What create/update of a project, building and property object take (chessboard-mutations.ts). */
const GeoRefInput = builder.inputType("ChessboardGeoRefInput", {
  description: "A region or city of the geo directory: its id and display name.",
  fields: (t) => ({
    id: t.int({
      required: true,
      description: "Directory id, positive",
      validate: intRange(1, 2_147_483_647, "id"),
    }),
    name: t.string({ required: true, description: "Display name", validate: text(TEXT.short, "name") }),
  }),
});
const CountryInput = builder.inputType("ChessboardCountryInput", {
  description: "The country of a project: directory id, display name and ISO code.",
  fields: (t) => ({
    id: t.int({ required: true, validate: intRange(1, 2_147_483_647, "id") }),
    name: t.string({ required: true, validate: text(TEXT.short, "name") }),
    isoCode: t.string({
      required: true,
      description: "ISO 3166-1 code, at most 3 characters",
      validate: text({ max: 3 }, "isoCode"),
    }),
  }),
});
const GeoPointInput = builder.inputType("ChessboardGeoPointInput", {
  description: "A point on the map (WGS 84).",
  fields: (t) => ({
    latitude: t.field({ type: "Decimal", required: true, description: "Degrees, -90..90" }),
    longitude: t.field({ type: "Decimal", required: true, description: "Degrees, -180..180" }),
  }),
});

export const ProjectFieldsInput = builder.inputType("ChessboardProjectInput", {
  description: "Every editable field of a project, as create and update take them.",
  fields: (t) => ({
    name: t.string({ required: true, validate: text(TEXT.short, "name") }),
    status: t.field({ type: ProjectStatusEnum, required: true }),
    type: t.field({ type: ProjectTypeEnum, required: true }),
    class: t.field({ type: ProjectClassEnum, required: true }),
    constructionStatus: t.field({ type: ConstructionStatusEnum, required: true }),
    country: t.field({ type: CountryInput, required: true }),
    region: t.field({ type: GeoRefInput, required: false }),
    city: t.field({ type: GeoRefInput, required: false }),
    addressLine: t.string({ required: true, validate: text(TEXT.short, "addressLine") }),
    geo: t.field({ type: GeoPointInput, required: false }),
    stars: t.int({ required: false, validate: intRange(0, 5, "stars") }),
    shortDescription: t.string({
      required: false,
      validate: text({ ...TEXT.long, min: 0 }, "shortDescription"),
    }),
    distanceMinutes: t.int({ required: false, validate: intRange(0, 1_440, "distanceMinutes") }),
  }),
});

const BuildingStatusInputEnum = builder.enumType("ChessboardBuildingEditableStatus", {
  description: "Hiding has its own mutation (setChessboardBuildingHidden) because it cascades.",
  values: ["Draft", "Published"] as const,
});

export const BuildingFieldsInput = builder.inputType("ChessboardBuildingInput", {
  description: "Every editable field of a building, as create and update take them.",
  fields: (t) => ({
    name: t.string({ required: true, validate: text(TEXT.short, "name") }),
    status: t.field({ type: BuildingStatusInputEnum, required: true }),
    floorsTotal: t.int({ required: true, validate: intRange(1, FLOORS_MAX, "floorsTotal") }),
    sectionsCount: t.int({ required: true, validate: intRange(1, SECTIONS_MAX, "sectionsCount") }),
    deliveryYear: t.int({ required: false, validate: intRange(1950, 2100, "deliveryYear") }),
    deliveryQuarter: t.int({ required: false, validate: intRange(1, 4, "deliveryQuarter") }),
    readinessPercent: t.int({ required: false, validate: intRange(0, 100, "readinessPercent") }),
    constructionStatus: t.field({ type: ConstructionStatusEnum, required: true }),
    addressLine: t.string({ required: false, validate: text({ ...TEXT.short, min: 0 }, "addressLine") }),
  }),
});

export const PropertyObjectFieldsInput = builder.inputType("PropertyObjectInput", {
  description:
    "Every editable field of a property object (price has its own mutation), as create and update take them.",
  fields: (t) => ({
    number: t.string({ required: true, validate: text({ max: 32 }, "number") }),
    floor: t.int({ required: true, validate: intRange(-5, FLOORS_MAX, "floor") }),
    section: t.int({ required: false, validate: intRange(1, SECTIONS_MAX, "section") }),
    rooms: t.int({ required: true, validate: intRange(0, 20, "rooms") }),
    totalArea: t.field({ type: "Decimal", required: true }),
    livingArea: t.field({ type: "Decimal", required: false }),
    propertyType: t.field({ type: PropertyTypeEnum, required: true }),
    windowViews: t.field({ type: [WindowViewEnum], required: false, validate: listMax(7, "windowViews") }),
    layoutId: t.id({ required: false }),
    layoutGroupId: t.id({ required: false }),
    capacity: t.int({ required: false, validate: intRange(0, 1_000, "capacity") }),
  }),
});
