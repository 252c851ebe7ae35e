import { builder } from "../../builder.js";
import { isoDay, LotTypeEnum, SourceSnapshotRef } from "./catalog-types.js";
const LotRef = builder.objectRef("Lot").implement({
  description: "A lot of the public storefront: one Published catalog card with the project and building fields denormalised on it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The lot's id (= the chessboard property object's id)" }),
    projectId: t.exposeID("projectId", { description: "The project it belongs to" }),
    buildingId: t.exposeID("buildingId", { description: "The building it is in" }),
    developerId: t.exposeID("developerId", { description: "The developer (tenant) selling it" }),
    propertyObjectStatus: t.exposeString("propertyObjectStatus", {
      description: "Sale status replicated from chessboard: Free, Reserved, Booked, Sold"
    }),
    title: t.exposeString("title", {
      description: "Display title, e.g. \xAB2-\u043A\u043E\u043C\u043D. \u043A\u0432\u0430\u0440\u0442\u0438\u0440\u0430, 54.30 \u043C\xB2\xBB (generated, or a display override)"
    }),
    number: t.exposeString("number", { description: "Number of the object in its building, as on the plan" }),
    floor: t.exposeInt("floor", { description: "Floor number (1 = ground floor)" }),
    roomsCount: t.exposeInt("roomsCount", { description: "Rooms; 0 = studio" }),
    areaTotal: t.field({ description: "Total area, m\xB2", type: "Decimal", resolve: (l) => l.areaTotal }),
    areaLiving: t.field({
      description: "Living area, m\xB2; null when the developer did not give it",
      type: "Decimal",
      nullable: true,
      resolve: (l) => l.areaLiving
    }),
    view: t.exposeString("view", {
      nullable: true,
      description: "What the windows look out on; null when not given"
    }),
    propertyType: t.field({
      description: "Apartment, Commercial or Parking; null when the source did not say",
      type: LotTypeEnum,
      nullable: true,
      resolve: (l) => l.propertyType
    }),
    geoLatitude: t.field({
      description: "Degrees (WGS 84) of the project; null when it has no location",
      type: "Decimal",
      nullable: true,
      resolve: (l) => l.geoLatitude
    }),
    geoLongitude: t.field({
      description: "Degrees (WGS 84) of the project; null when it has no location",
      type: "Decimal",
      nullable: true,
      resolve: (l) => l.geoLongitude
    }),
    distanceMeters: t.exposeFloat("distanceMeters", {
      nullable: true,
      description: "Metres from filter.near (null without it)"
    }),
    typeName: t.exposeString("typeName", {
      description: "Display name of the object's type, used in the title"
    }),
    price: t.field({ description: "Price, RUB", type: "Decimal", resolve: (l) => l.price }),
    pricePerMeter: t.field({
      description: "price / areaTotal, RUB per m\xB2",
      type: "Decimal",
      resolve: (l) => l.pricePerMeter
    }),
    badge: t.exposeString("badge", {
      nullable: true,
      description: "Marketing label set by a display override; null when none"
    }),
    stars: t.exposeInt("stars", {
      nullable: true,
      description: "Hotel stars 0..5 of the project; null when not rated"
    }),
    deliveryDate: t.string({
      nullable: true,
      description: "YYYY-MM-DD",
      resolve: (l) => isoDay(l.deliveryDate)
    }),
    readinessPercent: t.exposeInt("readinessPercent", {
      nullable: true,
      description: "Construction readiness 0..100 of the building; null when unknown"
    }),
    distanceMinutes: t.exposeInt("distanceMinutes", {
      nullable: true,
      description: "Minutes to transport, as the project states it; null when not given"
    }),
    projectName: t.exposeString("projectName", {
      nullable: true,
      description: "Name of the project; null until the project card is projected"
    }),
    projectKind: t.exposeString("projectKind", {
      nullable: true,
      description: "CatalogProjectKind of the project; null until known"
    }),
    propertyClass: t.exposeString("propertyClass", {
      nullable: true,
      description: "CatalogPropertyClass of the project; null until known"
    }),
    constructionStatus: t.exposeString("constructionStatus", {
      nullable: true,
      description: "CatalogConstructionStatus of the project; null until known"
    }),
    regionId: t.exposeInt("regionId", {
      nullable: true,
      description: "Geo-directory region id; null when the project has none"
    }),
    regionName: t.exposeString("regionName", {
      nullable: true,
      description: "Region display name; null when none"
    }),
    cityId: t.exposeInt("cityId", {
      nullable: true,
      description: "Geo-directory city id; null when the project has none"
    }),
    cityName: t.exposeString("cityName", {
      nullable: true,
      description: "City display name; null when none"
    }),
    address: t.exposeString("address", {
      nullable: true,
      description: "Street address of the project; null until known"
    }),
    developerName: t.exposeString("developerName", {
      nullable: true,
      description: "Developer's display name; null until known"
    }),
    coverFileId: t.exposeID("coverFileId", {
      nullable: true,
      description: "File id of the cover picture; null when none"
    }),
    buildingName: t.exposeString("buildingName", {
      nullable: true,
      description: "Name of the building; null until known"
    }),
    floorsTotal: t.exposeInt("floorsTotal", {
      nullable: true,
      description: "Floors in the building; null until known"
    }),
    publishedAt: t.field({
      description: "When the lot was first published; null if never",
      type: "DateTime",
      nullable: true,
      resolve: (l) => l.publishedAt
    }),
    agentCommission: t.field({
      type: "Decimal",
      nullable: true,
      description: "The agent's commission for this lot (RUB). Visible to agents and platform staff only; null for everyone else and while rewards has not answered.",
      authScopes: { role: ["agent", "pin_manager", "admin", "system"] },
      unauthorizedResolver: () => null,
      resolve: (l) => l.agentCommission
    })
  })
});
const ProjectCardRef = builder.objectRef("ProjectCard").implement({
  description: "A project of the public storefront with its aggregates over its Published lots.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The project's id" }),
    status: t.exposeString("status", {
      description: "Published, Hidden or Delisted (the storefront shows Published only)"
    }),
    developerId: t.exposeID("developerId", { description: "The developer (tenant)" }),
    developerName: t.exposeString("developerName", { description: "Developer's display name" }),
    developerLogoFileId: t.exposeID("developerLogoFileId", {
      nullable: true,
      description: "File id of the developer's logo; null when none"
    }),
    kind: t.exposeString("kind", { description: "CatalogProjectKind" }),
    propertyClass: t.exposeString("propertyClass", { description: "CatalogPropertyClass" }),
    constructionStatus: t.exposeString("constructionStatus", { description: "CatalogConstructionStatus" }),
    regionId: t.exposeInt("regionId", {
      nullable: true,
      description: "Geo-directory region id; null when none"
    }),
    regionName: t.exposeString("regionName", {
      nullable: true,
      description: "Region display name; null when none"
    }),
    cityId: t.exposeInt("cityId", { nullable: true, description: "Geo-directory city id; null when none" }),
    cityName: t.exposeString("cityName", {
      nullable: true,
      description: "City display name; null when none"
    }),
    coverFileId: t.exposeID("coverFileId", {
      nullable: true,
      description: "File id of the cover picture; null when none"
    }),
    shortDescription: t.exposeString("shortDescription", {
      nullable: true,
      description: "A paragraph about the project; null when none"
    }),
    geoLatitude: t.field({
      description: "Degrees (WGS 84); null when the project has no location",
      type: "Decimal",
      nullable: true,
      resolve: (p) => p.geoLatitude
    }),
    geoLongitude: t.field({
      description: "Degrees (WGS 84); null when the project has no location",
      type: "Decimal",
      nullable: true,
      resolve: (p) => p.geoLongitude
    }),
    name: t.exposeString("name", { description: "Display name (or its display override)" }),
    address: t.exposeString("address", { description: "Street address (or its display override)" }),
    stars: t.exposeInt("stars", { nullable: true, description: "Hotel stars 0..5; null when not rated" }),
    deliveryDate: t.string({
      nullable: true,
      description: "YYYY-MM-DD",
      resolve: (p) => isoDay(p.deliveryDate)
    }),
    readinessPercent: t.exposeInt("readinessPercent", {
      nullable: true,
      description: "Construction readiness 0..100 (its least ready building, or the display override); null when unknown"
    }),
    distanceMinutes: t.exposeInt("distanceMinutes", {
      nullable: true,
      description: "Minutes to transport, as the project states it; null when not given"
    }),
    minPrice: t.field({
      description: "Lowest price of its Published Free lots, RUB; null when none is Free",
      type: "Decimal",
      nullable: true,
      resolve: (p) => p.minPrice
    }),
    maxPrice: t.field({
      description: "Highest price of its Published Free lots, RUB; null when none is Free",
      type: "Decimal",
      nullable: true,
      resolve: (p) => p.maxPrice
    }),
    propertyObjectsTotal: t.exposeInt("propertyObjectsTotal", { description: "Its Published lots" }),
    propertyObjectsAvailable: t.exposeInt("propertyObjectsAvailable", {
      description: "Its Published lots still Free"
    }),
    publishedAt: t.field({
      description: "When the project was first published; null if never",
      type: "DateTime",
      nullable: true,
      resolve: (p) => p.publishedAt
    })
  })
});
const AdminCardRef = builder.objectRef("CatalogAdminCard").implement({
  description: "A full catalog card for operations: any status, with its SourceSnapshot and sync marks.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The card's id" }),
    cardType: t.exposeString("cardType", { description: "Project or PropertyObject" }),
    status: t.exposeString("status", { description: "Published, Hidden or Delisted" }),
    chessboardVersion: t.exposeInt("chessboardVersion", { description: "Chessboard version last applied" }),
    chessboardSyncedAt: t.field({
      type: "DateTime",
      resolve: (c) => c.chessboardSyncedAt,
      description: "When chessboard data last reached it"
    }),
    rowVersion: t.exposeInt("rowVersion", { description: "Grows on every write to the card" }),
    updatedAt: t.field({ type: "DateTime", resolve: (c) => c.updatedAt, description: "Last write" }),
    sourceSnapshot: t.field({
      type: SourceSnapshotRef,
      resolve: (c) => c.sourceSnapshot,
      description: "What chessboard said last, before overrides"
    }),
    project: t.field({
      type: ProjectCardRef,
      nullable: true,
      resolve: (c) => c.project,
      description: "The project card; null when cardType is PropertyObject"
    }),
    lot: t.field({
      type: LotRef,
      nullable: true,
      resolve: (c) => c.lot,
      description: "The lot; null when cardType is Project"
    })
  })
});
export {
  AdminCardRef,
  LotRef,
  ProjectCardRef
};
//# sourceMappingURL=card-types.js.map
