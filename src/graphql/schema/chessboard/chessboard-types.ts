import {
  BUILDING_STATUSES,
  CONSTRUCTION_STATUSES,
  PROJECT_CLASSES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROPERTY_OBJECT_STATUSES,
  PROPERTY_TYPES,
  WINDOW_VIEW_KINDS,
} from "../../../contracts/chessboard-events.js";
import type {
  BuildingView,
  DeveloperView,
  ProjectView,
  PropertyObjectView,
} from "../../../domain/chessboard/chessboard.read-models.js";
import type {
  ChessboardGrid,
  GridCell,
  GridFloor,
  GridSection,
} from "../../../domain/chessboard/grid/chessboard-grid.js";
import { builder } from "../../builder.js";

export const PropertyObjectStatusEnum = builder.enumType("PropertyObjectStatus", {
  description:
    "Sale status: Free, Reserved (booking created), Booked (confirmed), Sold, Hidden (not offered).",
  values: PROPERTY_OBJECT_STATUSES,
});
export const ProjectStatusEnum = builder.enumType("ProjectStatus", { values: PROJECT_STATUSES });
export const ProjectTypeEnum = builder.enumType("ProjectType", { values: PROJECT_TYPES });
export const ProjectClassEnum = builder.enumType("ProjectClass", { values: PROJECT_CLASSES });
export const ConstructionStatusEnum = builder.enumType("ConstructionStatus", {
  values: CONSTRUCTION_STATUSES,
});
export const BuildingStatusEnum = builder.enumType("BuildingStatus", { values: BUILDING_STATUSES });
export const PropertyTypeEnum = builder.enumType("PropertyType", { values: PROPERTY_TYPES });
export const WindowViewEnum = builder.enumType("WindowView", { values: WINDOW_VIEW_KINDS });

const MONEY_SCALE = 2;
const decimal = (value: { toString(): string }) => Number(value.toString()).toFixed(MONEY_SCALE);

export const GridCellRef = builder.objectRef<GridCell>("ChessboardCell").implement({
  description: "One property object in the grid. `version` orders live deltas: drop any delta not newer.",
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeString("number"),
    floor: t.exposeInt("floor"),
    section: t.exposeInt("section", { nullable: true }),
    rooms: t.exposeInt("rooms", { description: "0 = studio" }),
    totalArea: t.expose("totalArea", { type: "Decimal", description: "m²" }),
    price: t.expose("price", { type: "Decimal" }),
    currency: t.exposeString("currency", { description: "ISO code; RUB in v1" }),
    status: t.field({ type: PropertyObjectStatusEnum, resolve: (c) => c.status }),
    propertyType: t.exposeString("propertyType"),
    reservedUntil: t.expose("reservedUntil", { type: "DateTime", nullable: true }),
    bookedUntil: t.expose("bookedUntil", { type: "DateTime", nullable: true }),
    version: t.exposeInt("version"),
  }),
});

const GridFloorRef = builder.objectRef<GridFloor>("ChessboardFloor").implement({
  fields: (t) => ({
    floor: t.exposeInt("floor"),
    cells: t.field({ type: [GridCellRef], resolve: (f) => [...f.cells] }),
  }),
});

const GridSectionRef = builder.objectRef<GridSection>("ChessboardSection").implement({
  fields: (t) => ({
    section: t.exposeInt("section", { nullable: true, description: "null groups objects without a section" }),
    floors: t.field({ type: [GridFloorRef], description: "Top floor first", resolve: (s) => [...s.floors] }),
  }),
});

export const ChessboardGridRef = builder.objectRef<ChessboardGrid>("ChessboardGrid").implement({
  description: "The grid of one building: sections × floors × apartments.",
  fields: (t) => ({
    buildingId: t.exposeID("buildingId"),
    buildingName: t.exposeString("buildingName"),
    buildingStatus: t.exposeString("buildingStatus"),
    projectId: t.exposeID("projectId"),
    projectName: t.exposeString("projectName"),
    developerId: t.exposeID("tenantId"),
    floorsTotal: t.exposeInt("floorsTotal"),
    sectionsCount: t.exposeInt("sectionsCount"),
    sections: t.field({ type: [GridSectionRef], resolve: (g) => [...g.sections] }),
  }),
});

export const DeveloperRef = builder.objectRef<DeveloperView>("ChessboardDeveloper").implement({
  description: "A real-estate developer (the tenant).",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    status: t.exposeString("status"),
    version: t.exposeInt("version"),
  }),
});

export const ProjectRef = builder.objectRef<ProjectView>("ChessboardProject").implement({
  description: "A residential complex of a developer.",
  fields: (t) => ({
    id: t.exposeID("id"),
    developerId: t.exposeID("tenantId"),
    name: t.exposeString("name"),
    status: t.field({
      type: ProjectStatusEnum,
      resolve: (p) => p.status as (typeof PROJECT_STATUSES)[number],
    }),
    type: t.exposeString("type"),
    class: t.exposeString("class"),
    addressLine: t.exposeString("addressLine"),
    cityName: t.exposeString("cityName", { nullable: true }),
    version: t.exposeInt("version"),
  }),
});

export const BuildingRef = builder.objectRef<BuildingView>("ChessboardBuilding").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    projectId: t.exposeID("projectId"),
    name: t.exposeString("name"),
    status: t.field({
      type: BuildingStatusEnum,
      resolve: (b) => b.status as (typeof BUILDING_STATUSES)[number],
    }),
    floorsTotal: t.exposeInt("floorsTotal"),
    sectionsCount: t.exposeInt("sectionsCount"),
    deliveryYear: t.exposeInt("deliveryYear", { nullable: true }),
    deliveryQuarter: t.exposeInt("deliveryQuarter", { nullable: true }),
    readinessPercent: t.exposeInt("readinessPercent", { nullable: true }),
    version: t.exposeInt("version"),
  }),
});

export const PropertyObjectRef = builder.objectRef<PropertyObjectView>("PropertyObject").implement({
  description: "An apartment, parking lot or commercial unit, with its sale status and hold.",
  fields: (t) => ({
    id: t.exposeID("id"),
    buildingId: t.exposeID("buildingId"),
    projectId: t.exposeID("projectId"),
    developerId: t.exposeID("tenantId"),
    number: t.exposeString("number"),
    floor: t.exposeInt("floor"),
    section: t.exposeInt("section", { nullable: true }),
    rooms: t.exposeInt("rooms"),
    totalArea: t.field({ type: "Decimal", resolve: (o) => decimal(o.totalArea) }),
    livingArea: t.field({
      type: "Decimal",
      nullable: true,
      resolve: (o) => (o.livingArea ? decimal(o.livingArea) : null),
    }),
    price: t.field({ type: "Decimal", resolve: (o) => decimal(o.price) }),
    currency: t.exposeString("currencyIsoCode"),
    propertyType: t.exposeString("propertyType"),
    status: t.field({
      type: PropertyObjectStatusEnum,
      resolve: (o) => o.status as (typeof PROPERTY_OBJECT_STATUSES)[number],
    }),
    holdDealId: t.exposeID("holdDealId", { nullable: true }),
    holdBookingId: t.exposeID("holdBookingId", { nullable: true }),
    reservedUntil: t.expose("reservedUntil", { type: "DateTime", nullable: true }),
    bookedUntil: t.expose("bookedUntil", { type: "DateTime", nullable: true }),
    soldAt: t.expose("soldAt", { type: "DateTime", nullable: true }),
    version: t.exposeInt("version"),
  }),
});
