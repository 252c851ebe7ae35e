import {
  BUILDING_STATUSES,
  CONSTRUCTION_STATUSES,
  PROJECT_CLASSES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROPERTY_OBJECT_STATUSES,
  PROPERTY_TYPES,
  WINDOW_VIEW_KINDS
} from "../../../contracts/chessboard-events.js";
import { builder } from "../../builder.js";
const PropertyObjectStatusEnum = builder.enumType("PropertyObjectStatus", {
  description: "Sale status: Free, Reserved (booking created), Booked (confirmed), Sold, Hidden (not offered).",
  values: PROPERTY_OBJECT_STATUSES
});
const ProjectStatusEnum = builder.enumType("ProjectStatus", {
  description: "Lifecycle of a project: Draft (being filled), Published (on the storefront), Hidden (kept off it), Archived (closed).",
  values: PROJECT_STATUSES
});
const ProjectTypeEnum = builder.enumType("ProjectType", {
  description: "What kind of development a project is.",
  values: PROJECT_TYPES
});
const ProjectClassEnum = builder.enumType("ProjectClass", {
  description: "Market class of a project, from Standard up to Elite.",
  values: PROJECT_CLASSES
});
const ConstructionStatusEnum = builder.enumType("ConstructionStatus", {
  description: "Where the construction of a project stands: Planned, UnderConstruction, Commissioned, Delivered (keys handed over).",
  values: CONSTRUCTION_STATUSES
});
const BuildingStatusEnum = builder.enumType("BuildingStatus", {
  description: "Lifecycle of a building: Draft (being filled), Published (its objects are offered), Hidden (kept off the storefront).",
  values: BUILDING_STATUSES
});
const PropertyTypeEnum = builder.enumType("PropertyType", {
  description: "What a property object is: an Apartment, a Commercial premise or a Parking space.",
  values: PROPERTY_TYPES
});
const WindowViewEnum = builder.enumType("WindowView", {
  description: "What the windows of a property object look out on.",
  values: WINDOW_VIEW_KINDS
});
const MONEY_SCALE = 2;
const decimal = (value) => Number(value.toString()).toFixed(MONEY_SCALE);
const GridCellRef = builder.objectRef("ChessboardCell").implement({
  description: "One property object in the grid. `version` orders live deltas: drop any delta not newer.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The property object's id" }),
    number: t.exposeString("number", { description: "Number of the object in its building, as on the plan" }),
    floor: t.exposeInt("floor", { description: "Floor number (1 = ground floor)" }),
    section: t.exposeInt("section", {
      nullable: true,
      description: "Section number; null when the building has none"
    }),
    rooms: t.exposeInt("rooms", { description: "0 = studio" }),
    totalArea: t.expose("totalArea", { type: "Decimal", description: "m\xB2" }),
    price: t.expose("price", {
      type: "Decimal",
      description: "Current list price, in `currency`, 2 decimals"
    }),
    currency: t.exposeString("currency", { description: "ISO code; RUB in v1" }),
    status: t.field({ type: PropertyObjectStatusEnum, description: "Sale status", resolve: (c) => c.status }),
    propertyType: t.exposeString("propertyType", {
      description: "Apartment, Commercial or Parking (PropertyType)"
    }),
    reservedUntil: t.expose("reservedUntil", {
      type: "DateTime",
      nullable: true,
      description: "When the reservation lapses; null unless Reserved"
    }),
    bookedUntil: t.expose("bookedUntil", {
      type: "DateTime",
      nullable: true,
      description: "When the confirmed booking lapses; null unless Booked"
    }),
    version: t.exposeInt("version", { description: "Grows on every change; orders live deltas" })
  })
});
const GridFloorRef = builder.objectRef("ChessboardFloor").implement({
  description: "One floor of a grid section and its property objects.",
  fields: (t) => ({
    floor: t.exposeInt("floor", { description: "Floor number (1 = ground floor)" }),
    cells: t.field({
      type: [GridCellRef],
      description: "The floor's property objects",
      resolve: (f) => [...f.cells]
    })
  })
});
const GridSectionRef = builder.objectRef("ChessboardSection").implement({
  description: "One section (entrance) of a building in the grid, its floors top first.",
  fields: (t) => ({
    section: t.exposeInt("section", { nullable: true, description: "null groups objects without a section" }),
    floors: t.field({ type: [GridFloorRef], description: "Top floor first", resolve: (s) => [...s.floors] })
  })
});
const ChessboardGridRef = builder.objectRef("ChessboardGrid").implement({
  description: "The grid of one building: sections \xD7 floors \xD7 apartments.",
  fields: (t) => ({
    buildingId: t.exposeID("buildingId", { description: "The building" }),
    buildingName: t.exposeString("buildingName", { description: "Its name" }),
    buildingStatus: t.exposeString("buildingStatus", { description: "Its BuildingStatus" }),
    projectId: t.exposeID("projectId", { description: "Its project" }),
    projectName: t.exposeString("projectName", { description: "The project's name" }),
    developerId: t.exposeID("tenantId", { description: "The developer (tenant)" }),
    floorsTotal: t.exposeInt("floorsTotal", { description: "Floors in the building" }),
    sectionsCount: t.exposeInt("sectionsCount", { description: "Sections (entrances) in the building" }),
    sections: t.field({
      description: "The grid by section, in section order",
      type: [GridSectionRef],
      resolve: (g) => [...g.sections]
    })
  })
});
const DeveloperRef = builder.objectRef("ChessboardDeveloper").implement({
  description: "A real-estate developer (the tenant).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The developer's id (= TenantId)" }),
    name: t.exposeString("name", { description: "Display name" }),
    status: t.exposeString("status", { description: "Lifecycle status of the developer" }),
    version: t.exposeInt("version", { description: "Grows on every change" })
  })
});
const ProjectRef = builder.objectRef("ChessboardProject").implement({
  description: "A residential complex of a developer.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The project's id" }),
    developerId: t.exposeID("tenantId", { description: "The developer (tenant) owning it" }),
    name: t.exposeString("name", { description: "Display name" }),
    status: t.field({
      description: "Lifecycle status",
      type: ProjectStatusEnum,
      resolve: (p) => p.status
    }),
    type: t.exposeString("type", { description: "ProjectType" }),
    class: t.exposeString("class", { description: "ProjectClass" }),
    addressLine: t.exposeString("addressLine", { description: "Street address" }),
    cityName: t.exposeString("cityName", {
      nullable: true,
      description: "City display name; null when no city was given"
    }),
    version: t.exposeInt("version", { description: "Grows on every change" })
  })
});
const BuildingRef = builder.objectRef("ChessboardBuilding").implement({
  description: "A building of a chessboard project, as its developer manages it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The building's id" }),
    projectId: t.exposeID("projectId", { description: "Its project" }),
    name: t.exposeString("name", { description: "Display name" }),
    status: t.field({
      description: "Lifecycle status",
      type: BuildingStatusEnum,
      resolve: (b) => b.status
    }),
    floorsTotal: t.exposeInt("floorsTotal", { description: "Floors above ground" }),
    sectionsCount: t.exposeInt("sectionsCount", { description: "Sections (entrances)" }),
    deliveryYear: t.exposeInt("deliveryYear", {
      nullable: true,
      description: "Planned delivery year; null when not given"
    }),
    deliveryQuarter: t.exposeInt("deliveryQuarter", {
      nullable: true,
      description: "Planned delivery quarter 1..4; null when not given"
    }),
    readinessPercent: t.exposeInt("readinessPercent", {
      nullable: true,
      description: "Construction readiness 0..100; null when not given"
    }),
    version: t.exposeInt("version", { description: "Grows on every change" })
  })
});
const PropertyObjectRef = builder.objectRef("PropertyObject").implement({
  description: "An apartment, parking lot or commercial unit, with its sale status and hold.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The property object's id" }),
    buildingId: t.exposeID("buildingId", { description: "Its building" }),
    projectId: t.exposeID("projectId", { description: "Its project" }),
    developerId: t.exposeID("tenantId", { description: "The developer (tenant) selling it" }),
    number: t.exposeString("number", { description: "Number in its building, as on the plan" }),
    floor: t.exposeInt("floor", { description: "Floor number (1 = ground floor; negative below ground)" }),
    section: t.exposeInt("section", {
      nullable: true,
      description: "Section number; null when the building has none"
    }),
    rooms: t.exposeInt("rooms", { description: "Rooms; 0 = studio" }),
    totalArea: t.field({
      description: "Total area, m\xB2, 2 decimals",
      type: "Decimal",
      resolve: (o) => decimal(o.totalArea)
    }),
    livingArea: t.field({
      description: "Living area, m\xB2, 2 decimals; null when not given",
      type: "Decimal",
      nullable: true,
      resolve: (o) => o.livingArea ? decimal(o.livingArea) : null
    }),
    price: t.field({
      description: "List price in `currency`, 2 decimals",
      type: "Decimal",
      resolve: (o) => decimal(o.price)
    }),
    currency: t.exposeString("currencyIsoCode", { description: "ISO 4217 code; RUB in v1" }),
    propertyType: t.exposeString("propertyType", {
      description: "Apartment, Commercial or Parking (PropertyType)"
    }),
    status: t.field({
      description: "Sale status",
      type: PropertyObjectStatusEnum,
      resolve: (o) => o.status
    }),
    holdDealId: t.exposeID("holdDealId", {
      nullable: true,
      description: "The deal holding it (reserved or booked); null when none"
    }),
    holdBookingId: t.exposeID("holdBookingId", {
      nullable: true,
      description: "The booking holding it; null when none"
    }),
    reservedUntil: t.expose("reservedUntil", {
      type: "DateTime",
      nullable: true,
      description: "When the reservation lapses; null unless Reserved"
    }),
    bookedUntil: t.expose("bookedUntil", {
      type: "DateTime",
      nullable: true,
      description: "When the confirmed booking lapses; null unless Booked"
    }),
    soldAt: t.expose("soldAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was sold; null unless Sold"
    }),
    version: t.exposeInt("version", { description: "Grows on every change; orders live deltas" })
  })
});
export {
  BuildingRef,
  BuildingStatusEnum,
  ChessboardGridRef,
  ConstructionStatusEnum,
  DeveloperRef,
  GridCellRef,
  ProjectClassEnum,
  ProjectRef,
  ProjectStatusEnum,
  ProjectTypeEnum,
  PropertyObjectRef,
  PropertyObjectStatusEnum,
  PropertyTypeEnum,
  WindowViewEnum
};
//# sourceMappingURL=chessboard-types.js.map
