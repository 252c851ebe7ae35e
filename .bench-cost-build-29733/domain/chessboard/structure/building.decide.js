import { onHold } from "../chessboard.errors.js";
import { requireName, validateBuilding } from "./structure.validation.js";
function decideBuildingColumns(input) {
  validateBuilding(input);
  return {
    name: requireName(input.name, "name"),
    floorsTotal: input.floorsTotal,
    sectionsCount: input.sectionsCount,
    deliveryYear: input.deliveryYear ?? null,
    deliveryQuarter: input.deliveryQuarter ?? null,
    readinessPercent: input.readinessPercent ?? null,
    constructionStatus: input.constructionStatus,
    addressLine: input.addressLine ?? null
  };
}
function decideBuildingStatusOnUpdate(current, requested) {
  return current === "Hidden" ? "Hidden" : requested;
}
function decideBuildingHidden(currentStatus, objects, hidden) {
  if (hidden) {
    const held = objects.find((o) => o.state.hold !== null);
    if (held) throw onHold(held.id, held.status);
  }
  const status = hidden ? "Hidden" : "Published";
  return {
    objects: objects.map((o) => ({ id: o.id, next: { ...o.state, hiddenByBuilding: hidden } })),
    status: currentStatus === status ? null : status
  };
}
export {
  decideBuildingColumns,
  decideBuildingHidden,
  decideBuildingStatusOnUpdate
};
//# sourceMappingURL=building.decide.js.map
