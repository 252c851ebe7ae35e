import { validateLotFilter } from "../storefront/lot-filter.js";
const DAY = /^\d{4}-\d{2}-\d{2}$/;
function savedFilterToJson(f) {
  const out = {};
  for (const [key, value] of Object.entries(f)) {
    if (key === "q" || key === "search" || value === null || value === void 0 || value === false) continue;
    out[key] = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  }
  return out;
}
function savedFilterFromJson(json, query) {
  const { deliveryBy, ...rest } = json;
  const day = typeof deliveryBy === "string" && DAY.test(deliveryBy) ? /* @__PURE__ */ new Date(`${deliveryBy}T00:00:00Z`) : null;
  return validateLotFilter({ ...rest, deliveryBy: day, q: query });
}
export {
  savedFilterFromJson,
  savedFilterToJson
};
//# sourceMappingURL=saved-search-filter.js.map
