import type { BuildingStatus } from "../../../contracts/chessboard-events.js";
import { onHold } from "../chessboard.errors.js";
import type { SaleState } from "../status/property-object-status.js";
import type { BuildingInput } from "./structure.types.js";
import { requireName, validateBuilding } from "./structure.validation.js";

/** Pure decisions of the Building aggregate (applied by building.commands.ts). */

/** The validated columns of a building (create and update write the same set). */
export function decideBuildingColumns(input: BuildingInput) {
  validateBuilding(input);
  return {
    name: requireName(input.name, "name"),
    floorsTotal: input.floorsTotal,
    sectionsCount: input.sectionsCount,
    deliveryYear: input.deliveryYear ?? null,
    deliveryQuarter: input.deliveryQuarter ?? null,
    readinessPercent: input.readinessPercent ?? null,
    constructionStatus: input.constructionStatus,
    addressLine: input.addressLine ?? null,
  };
}

/** Hiding has its own command (it cascades); an update keeps a hidden building hidden. */
export function decideBuildingStatusOnUpdate(
  current: string,
  requested: BuildingInput["status"],
): BuildingStatus {
  return current === "Hidden" ? "Hidden" : requested;
}

export interface HeldObject {
  readonly id: string;
  readonly status: string;
  readonly state: SaleState;
}

export interface BuildingHiddenDecision {
  /** The next sale state of every object of the building (the cascade, ASM-1). */
  readonly objects: ReadonlyArray<{ readonly id: string; readonly next: SaleState }>;
  /** The building's new status, or null when it already has it. */
  readonly status: BuildingStatus | null;
}

/**
 * Hides or shows a building with all its objects. Refused (CHESSBOARD_PROPERTY_OBJECT_ON_HOLD)
 * while hiding and any object is on hold, so a live booking never disappears from the grid.
 */
export function decideBuildingHidden(
  currentStatus: string,
  objects: readonly HeldObject[],
  hidden: boolean,
): BuildingHiddenDecision {
  if (hidden) {
    const held = objects.find((o) => o.state.hold !== null);
    if (held) throw onHold(held.id, held.status);
  }
  const status: BuildingStatus = hidden ? "Hidden" : "Published";
  return {
    objects: objects.map((o) => ({ id: o.id, next: { ...o.state, hiddenByBuilding: hidden } })),
    status: currentStatus === status ? null : status,
  };
}
