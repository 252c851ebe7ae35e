const ENUM_FALLBACK_FIELDS = [
  "Status",
  "Type",
  "Class",
  "ConstructionStatus",
  "ToStatus",
  "PropertyType",
  "WindowViews"
];
const fallback = (warnings, field, reason, value) => {
  warnings.push({ field, reason, value: String(value).slice(0, WARN_VALUE_MAX), enumFallback: field });
};
const WARN_VALUE_MAX = 64;
const warn = (warnings, field, reason, value) => {
  warnings.push({
    field,
    reason,
    ...value === void 0 ? {} : { value: String(value).slice(0, WARN_VALUE_MAX) }
  });
};
const CARD_STATUSES = ["Published", "Hidden", "Delisted"];
const PROJECT_KINDS = ["ResidentialComplex", "ApartHotel"];
const PROPERTY_CLASSES = ["Comfort", "Business", "Premium", "Elite"];
const CARD_CONSTRUCTION_STATUSES = ["Planned", "InProgress", "Commissioned"];
function mapProjectStatus(status, warnings) {
  switch (status) {
    case "Published":
      return "Published";
    case "Draft":
    case "Hidden":
      return "Hidden";
    case "Archived":
      return "Delisted";
    default:
      fallback(warnings, "Status", "unknown project status \u2192 Hidden", status);
      return "Hidden";
  }
}
function mapProjectKind(type, warnings) {
  switch (type) {
    case "ResidentialComplex":
      return "ResidentialComplex";
    case "ApartHotel":
    case "Hotel":
      return "ApartHotel";
    case "Villa":
      fallback(warnings, "Type", "Villa has no storefront kind \u2192 ResidentialComplex", type);
      return "ResidentialComplex";
    default:
      fallback(warnings, "Type", "unknown project type \u2192 ResidentialComplex", type);
      return "ResidentialComplex";
  }
}
function mapPropertyClass(value, warnings) {
  switch (value) {
    case "Comfort":
    case "Business":
    case "Premium":
    case "Elite":
      return value;
    case "Standard":
      fallback(warnings, "Class", "Standard \u2192 Comfort", value);
      return "Comfort";
    default:
      fallback(warnings, "Class", "unknown project class \u2192 Comfort", value);
      return "Comfort";
  }
}
function mapConstructionStatus(value, warnings) {
  switch (value) {
    case "Planned":
      return "Planned";
    case "UnderConstruction":
      return "InProgress";
    case "Commissioned":
    case "Delivered":
      return "Commissioned";
    default:
      fallback(warnings, "ConstructionStatus", "unknown construction status \u2192 InProgress", value);
      return "InProgress";
  }
}
function mapPropertyObjectStatus(value, warnings, field = "Status") {
  switch (value) {
    case "Free":
    case "Reserved":
    case "Booked":
    case "Sold":
    case "Hidden":
      return value;
    default:
      fallback(warnings, field, "unknown property object status \u2192 Hidden", value);
      return "Hidden";
  }
}
function mapGeo(field, id, snapshot, warnings) {
  if (id === null) {
    if (snapshot !== null)
      warn(warnings, `${field}Snapshot`, "snapshot without an id \u2192 null geo", snapshot.Id);
    return { id: null, name: null };
  }
  if (snapshot === null || snapshot.Id !== id || !snapshot.Name) {
    warn(warnings, `${field}Snapshot`, "id and snapshot disagree \u2192 display name null", id);
    return { id, name: null };
  }
  return { id, name: truncate(snapshot.Name, GEO_NAME_MAX, `${field}Snapshot.Name`, warnings) };
}
const NAME_MAX = 256;
const ADDRESS_MAX = 512;
const SHORT_DESCRIPTION_MAX = 1024;
const NUMBER_MAX = 32;
const GEO_NAME_MAX = 256;
function truncate(value, max, field, warnings) {
  const codePoints = Array.from(value);
  if (codePoints.length <= max) return value;
  warn(warnings, field, `longer than ${max} characters, truncated`, codePoints.length);
  return codePoints.slice(0, max).join("");
}
const VIEW_LABELS = {
  Sea: "\u041C\u043E\u0440\u0435",
  City: "\u0413\u043E\u0440\u043E\u0434",
  Courtyard: "\u0414\u0432\u043E\u0440",
  Mountains: "\u0413\u043E\u0440\u044B",
  Park: "\u041F\u0430\u0440\u043A",
  River: "\u0420\u0435\u043A\u0430",
  Street: "\u0423\u043B\u0438\u0446\u0430"
};
function mapView(views, warnings) {
  const first = views[0];
  if (first === void 0) return null;
  const label = Object.hasOwn(VIEW_LABELS, first) ? VIEW_LABELS[first] : void 0;
  if (label === void 0) fallback(warnings, "WindowViews", "unknown window view \u2192 no view", first);
  return label ?? null;
}
const TYPE_NAME = {
  apartment: "\u041A\u0432\u0430\u0440\u0442\u0438\u0440\u0430",
  apartHotelUnit: "\u0410\u043F\u0430\u0440\u0442\u0430\u043C\u0435\u043D\u0442",
  parking: "\u041F\u0430\u0440\u043A\u0438\u043D\u0433",
  commercial: "\u041A\u043E\u043C\u043C\u0435\u0440\u0446\u0438\u044F"
};
function mapTypeName(propertyType, kind, warnings) {
  const byKind = kind === "ApartHotel" ? TYPE_NAME.apartHotelUnit : TYPE_NAME.apartment;
  switch (propertyType) {
    case "Apartment":
      return byKind;
    case "Parking":
      return TYPE_NAME.parking;
    case "Commercial":
      return TYPE_NAME.commercial;
    default:
      fallback(
        warnings,
        "PropertyType",
        "missing or unknown property type \u2192 by project kind",
        propertyType ?? "null"
      );
      return byKind;
  }
}
function knownPropertyType(value) {
  return value === "Apartment" || value === "Parking" || value === "Commercial" ? value : null;
}
export {
  ADDRESS_MAX,
  CARD_CONSTRUCTION_STATUSES,
  CARD_STATUSES,
  ENUM_FALLBACK_FIELDS,
  NAME_MAX,
  NUMBER_MAX,
  PROJECT_KINDS,
  PROPERTY_CLASSES,
  SHORT_DESCRIPTION_MAX,
  TYPE_NAME,
  knownPropertyType,
  mapConstructionStatus,
  mapGeo,
  mapProjectKind,
  mapProjectStatus,
  mapPropertyClass,
  mapPropertyObjectStatus,
  mapTypeName,
  mapView,
  truncate
};
//# sourceMappingURL=card-vocabulary.js.map
