import { onHold } from "../chessboard.errors.js";
import {
  deriveStatus,
  type PropertyObjectStatus,
  publishedStatus,
  type SaleState,
} from "../status/property-object-status.js";
import type { PropertyObjectInput } from "../structure/structure.types.js";

/** Pure decisions of the PropertyObject aggregate's structure commands (applied by property-object.commands.ts). */

/** The editable columns of an object (validation against its building: structure.validation.ts). */
export function decidePropertyObjectColumns(input: PropertyObjectInput) {
  return {
    number: input.number.trim(),
    floor: input.floor,
    section: input.section,
    rooms: input.rooms,
    totalArea: input.totalArea,
    livingArea: input.livingArea,
    propertyType: input.propertyType,
    windowViews: [...(input.windowViews ?? [])],
    layoutId: input.layoutId ?? null,
    layoutGroupId: input.layoutGroupId ?? null,
    capacity: input.capacity ?? null,
  };
}

/** A new object is free, hidden with its building if that one is hidden. */
export function initialSaleState(buildingStatus: string): SaleState {
  return { hold: null, soldAt: null, hiddenSelf: false, hiddenByBuilding: buildingStatus === "Hidden" };
}

/**
 * Re-pricing (the price is validated by the command first): refused while on hold (the booking was made at the old price); null when the price
 * does not change (no write, no event).
 */
export function decidePriceChange(
  current: {
    readonly id: string;
    readonly status: string;
    readonly state: SaleState;
    readonly price: string;
  },
  price: string,
): { readonly price: string } | null {
  if (current.state.hold) throw onHold(current.id, current.status);
  if (Number(current.price) === Number(price)) return null;
  return { price };
}

/** Hiding or showing one object: refused while it is on hold. */
export function decideObjectHidden(
  current: { readonly id: string; readonly status: string; readonly state: SaleState },
  hidden: boolean,
): SaleState {
  if (current.state.hold) throw onHold(current.id, current.status);
  return { ...current.state, hiddenSelf: hidden };
}

/**
 * Whether a new sale state changes the row, whether its status moved (then the version is bumped),
 * and whether the published status moved (ASM-1, the building's statuses before/after count; then
 * property-object-status-changed is published).
 */
export function decideSaleStateChange(
  current: { readonly status: string; readonly hiddenSelf: boolean; readonly hiddenByBuilding: boolean },
  next: SaleState,
  building: { readonly before: string; readonly after: string } = { before: "Published", after: "Published" },
): { readonly changed: boolean; readonly statusMoved: boolean; readonly publishedMoved: boolean } {
  const status = deriveStatus(next);
  const changed =
    status !== current.status ||
    next.hiddenSelf !== current.hiddenSelf ||
    next.hiddenByBuilding !== current.hiddenByBuilding;
  const publishedMoved =
    publishedStatus(current.status as PropertyObjectStatus, building.before) !==
    publishedStatus(status, building.after);
  return { changed, statusMoved: status !== current.status, publishedMoved };
}
