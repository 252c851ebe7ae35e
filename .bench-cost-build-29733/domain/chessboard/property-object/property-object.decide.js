import { onHold } from "../chessboard.errors.js";
import {
  deriveStatus,
  publishedStatus
} from "../status/property-object-status.js";
function decidePropertyObjectColumns(input) {
  return {
    number: input.number.trim(),
    floor: input.floor,
    section: input.section,
    rooms: input.rooms,
    totalArea: input.totalArea,
    livingArea: input.livingArea,
    propertyType: input.propertyType,
    windowViews: [...input.windowViews ?? []],
    layoutId: input.layoutId ?? null,
    layoutGroupId: input.layoutGroupId ?? null,
    capacity: input.capacity ?? null
  };
}
function initialSaleState(buildingStatus) {
  return { hold: null, soldAt: null, hiddenSelf: false, hiddenByBuilding: buildingStatus === "Hidden" };
}
function decidePriceChange(current, price) {
  if (current.state.hold) throw onHold(current.id, current.status);
  if (Number(current.price) === Number(price)) return null;
  return { price };
}
function decideObjectHidden(current, hidden) {
  if (current.state.hold) throw onHold(current.id, current.status);
  return { ...current.state, hiddenSelf: hidden };
}
function decideSaleStateChange(current, next, building = { before: "Published", after: "Published" }) {
  const status = deriveStatus(next);
  const changed = status !== current.status || next.hiddenSelf !== current.hiddenSelf || next.hiddenByBuilding !== current.hiddenByBuilding;
  const publishedMoved = publishedStatus(current.status, building.before) !== publishedStatus(status, building.after);
  return { changed, statusMoved: status !== current.status, publishedMoved };
}
export {
  decideObjectHidden,
  decidePriceChange,
  decidePropertyObjectColumns,
  decideSaleStateChange,
  initialSaleState
};
//# sourceMappingURL=property-object.decide.js.map
