import { TOPIC } from "./topics.js";
const CHESSBOARD_TOPICS = {
  developerUpserted: TOPIC.developerUpserted,
  projectUpserted: TOPIC.projectUpserted,
  buildingUpserted: TOPIC.buildingUpserted,
  propertyObjectUpserted: TOPIC.propertyObjectUpserted,
  propertyObjectStatusChanged: TOPIC.propertyObjectStatusChanged,
  propertyObjectPriceChanged: TOPIC.propertyObjectPriceChanged
};
const CHESSBOARD_AGGREGATE = {
  developer: "Developer",
  project: "Project",
  building: "Building",
  propertyObject: "PropertyObject"
};
const DEVELOPER_STATUSES = ["Active", "Inactive"];
const PROJECT_STATUSES = ["Draft", "Published", "Hidden", "Archived"];
const PROJECT_TYPES = ["ResidentialComplex", "ApartHotel", "Hotel", "Villa"];
const PROJECT_CLASSES = ["Standard", "Comfort", "Business", "Premium", "Elite"];
const CONSTRUCTION_STATUSES = ["Planned", "UnderConstruction", "Commissioned", "Delivered"];
const BUILDING_STATUSES = ["Draft", "Published", "Hidden"];
const PROPERTY_OBJECT_STATUSES = ["Free", "Reserved", "Booked", "Sold", "Hidden"];
const PROPERTY_TYPES = ["Apartment", "Parking", "Commercial"];
const WINDOW_VIEW_KINDS = [
  "Sea",
  "City",
  "Courtyard",
  "Mountains",
  "Park",
  "River",
  "Street"
];
const STATUS_SOURCES = ["Booking", "Manual", "BuildingCascade", "HoldExpiration"];
const PRICE_CHANGE_SOURCES = ["Manual", "Import"];
const RUB_CURRENCY = {
  Id: 643,
  IsoCode: "RUB",
  Name: "\u0420\u043E\u0441\u0441\u0438\u0439\u0441\u043A\u0438\u0439 \u0440\u0443\u0431\u043B\u044C",
  Symbol: "\u20BD"
};
export {
  BUILDING_STATUSES,
  CHESSBOARD_AGGREGATE,
  CHESSBOARD_TOPICS,
  CONSTRUCTION_STATUSES,
  DEVELOPER_STATUSES,
  PRICE_CHANGE_SOURCES,
  PROJECT_CLASSES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROPERTY_OBJECT_STATUSES,
  PROPERTY_TYPES,
  RUB_CURRENCY,
  STATUS_SOURCES,
  WINDOW_VIEW_KINDS
};
//# sourceMappingURL=chessboard-events.js.map
