import type {
  BuildingInput,
  ProjectInput,
  PropertyObjectInput,
} from "../../../domain/chessboard/structure/chessboard-structure.service.js";
import { FLOORS_MAX, SECTIONS_MAX } from "../../../domain/chessboard/structure/structure.validation.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { intRange, listMax, TEXT, text } from "../../scalars/index.js";
import {
  BuildingRef,
  ConstructionStatusEnum,
  DeveloperRef,
  ProjectClassEnum,
  ProjectRef,
  ProjectStatusEnum,
  ProjectTypeEnum,
  PropertyObjectRef,
  PropertyTypeEnum,
  WindowViewEnum,
} from "./chessboard-types.js";

const ACCESS =
  "Allowed: developer_manager of the developer; admin for any developer. Errors: CHESSBOARD_FORBIDDEN";

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

const ProjectFieldsInput = builder.inputType("ChessboardProjectInput", {
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

const BuildingFieldsInput = builder.inputType("ChessboardBuildingInput", {
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

const PropertyObjectFieldsInput = builder.inputType("PropertyObjectInput", {
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

type ProjectArgs = typeof ProjectFieldsInput.$inferInput;
type BuildingArgs = typeof BuildingFieldsInput.$inferInput;
type ObjectArgs = typeof PropertyObjectFieldsInput.$inferInput;

const projectInput = (i: ProjectArgs): ProjectInput => ({
  ...i,
  region: i.region ?? null,
  city: i.city ?? null,
  geo: i.geo ?? null,
  stars: i.stars ?? null,
  shortDescription: i.shortDescription ?? null,
  distanceMinutes: i.distanceMinutes ?? null,
});
const buildingInput = (i: BuildingArgs): BuildingInput => ({ ...i, addressLine: i.addressLine ?? null });
const objectInput = (i: ObjectArgs): PropertyObjectInput => ({
  ...i,
  section: i.section ?? null,
  livingArea: i.livingArea ?? null,
  windowViews: i.windowViews ?? [],
  layoutId: i.layoutId ? String(i.layoutId) : null,
  layoutGroupId: i.layoutGroupId ? String(i.layoutGroupId) : null,
  capacity: i.capacity ?? null,
});

builder.mutationField("upsertChessboardDeveloper", (t) =>
  t.field({
    type: DeveloperRef,
    description: `Create or rename a developer (id = TenantId); publishes developer-upserted. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string({ required: true, validate: text(TEXT.short, "name") }),
    },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.upsertDeveloper(requireViewer(ctx.viewer), {
        id: String(args.id),
        name: args.name,
      }),
  }),
);

builder.mutationField("createChessboardProject", (t) =>
  t.field({
    type: ProjectRef,
    description: `Create a project; publishes project-upserted. ${ACCESS}, CHESSBOARD_DEVELOPER_NOT_FOUND, CHESSBOARD_INVALID_INPUT`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      developerId: t.arg.id({ required: true }),
      input: t.arg({ type: ProjectFieldsInput, required: true }),
    },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.createProject(requireViewer(ctx.viewer), {
        ...projectInput(args.input),
        tenantId: String(args.developerId),
      }),
  }),
);

builder.mutationField("updateChessboardProject", (t) =>
  t.field({
    type: ProjectRef,
    description: `Update a project; publishes project-upserted with the next Version. ${ACCESS}, CHESSBOARD_PROJECT_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProjectFieldsInput, required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.updateProject(
        requireViewer(ctx.viewer),
        String(args.id),
        projectInput(args.input),
      ),
  }),
);

builder.mutationField("createChessboardBuilding", (t) =>
  t.field({
    type: BuildingRef,
    description: `Create a building; publishes building-upserted. ${ACCESS}, CHESSBOARD_PROJECT_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      projectId: t.arg.id({ required: true }),
      input: t.arg({ type: BuildingFieldsInput, required: true }),
    },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.createBuilding(requireViewer(ctx.viewer), {
        ...buildingInput(args.input),
        projectId: String(args.projectId),
      }),
  }),
);

builder.mutationField("updateChessboardBuilding", (t) =>
  t.field({
    type: BuildingRef,
    description: `Update a building; publishes building-upserted. ${ACCESS}, CHESSBOARD_BUILDING_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BuildingFieldsInput, required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.updateBuilding(
        requireViewer(ctx.viewer),
        String(args.id),
        buildingInput(args.input),
      ),
  }),
);

builder.mutationField("setChessboardBuildingHidden", (t) =>
  t.field({
    type: BuildingRef,
    description: `Hide (or show) a building: publishes a Hidden (or restored) status for each of its objects. Refused while any object is on hold: CHESSBOARD_PROPERTY_OBJECT_ON_HOLD. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), hidden: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.setBuildingHidden(
        requireViewer(ctx.viewer),
        String(args.id),
        args.hidden,
      ),
  }),
);

builder.mutationField("createPropertyObject", (t) =>
  t.field({
    type: PropertyObjectRef,
    description: `Create an apartment/parking/commercial unit (price in RUB); publishes property-object-upserted. ${ACCESS}, CHESSBOARD_BUILDING_NOT_FOUND, CHESSBOARD_INVALID_INPUT, CHESSBOARD_PROPERTY_OBJECT_NUMBER_TAKEN`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      buildingId: t.arg.id({ required: true }),
      price: t.arg({ type: "Decimal", required: true }),
      input: t.arg({ type: PropertyObjectFieldsInput, required: true }),
    },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.createPropertyObject(requireViewer(ctx.viewer), {
        ...objectInput(args.input),
        buildingId: String(args.buildingId),
        price: args.price,
      }),
  }),
);

builder.mutationField("updatePropertyObject", (t) =>
  t.field({
    type: PropertyObjectRef,
    description: `Update an object's passport (not price/status); publishes property-object-upserted. ${ACCESS}, CHESSBOARD_PROPERTY_OBJECT_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: PropertyObjectFieldsInput, required: true }),
    },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.updatePropertyObject(
        requireViewer(ctx.viewer),
        String(args.id),
        objectInput(args.input),
      ),
  }),
);

builder.mutationField("changePropertyObjectPrice", (t) =>
  t.field({
    type: PropertyObjectRef,
    description: `Change the price (RUB); publishes property-object-price-changed. Refused on hold: CHESSBOARD_PROPERTY_OBJECT_ON_HOLD. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), price: t.arg({ type: "Decimal", required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.changePrice(
        requireViewer(ctx.viewer),
        String(args.id),
        args.price,
      ),
  }),
);

builder.mutationField("setPropertyObjectHidden", (t) =>
  t.field({
    type: PropertyObjectRef,
    description: `Hide (or show) one object; publishes property-object-status-changed. Refused on hold: CHESSBOARD_PROPERTY_OBJECT_ON_HOLD. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), hidden: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.deps.services.chessboard.structure.setPropertyObjectHidden(
        requireViewer(ctx.viewer),
        String(args.id),
        args.hidden,
      ),
  }),
);
