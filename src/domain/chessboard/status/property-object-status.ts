import type { PropertyObjectStatus } from "../../../contracts/chessboard-events.js";

export type { PropertyObjectStatus } from "../../../contracts/chessboard-events.js";

/** Phase of the booking that holds an object; the object shows it as its status. */
export type HoldPhase = "Reserved" | "Booked";

export interface ActiveHold {
  readonly bookingId: string;
  readonly dealId: string;
  readonly phase: HoldPhase;
  /** Last applied booking Version: an event of this booking with a Version not above it is stale. */
  readonly version: number;
  readonly reservedUntil: Date | null;
  readonly bookedUntil: Date | null;
  /**
   * crm's business time of the first applied event of this hold (decision 0066); null for holds
   * taken before it was recorded.
   */
  readonly heldSince?: Date | null;
}

/** Everything the status of one property object is derived from. */
export interface SaleState {
  readonly hold: ActiveHold | null;
  readonly soldAt: Date | null;
  readonly hiddenSelf: boolean;
  readonly hiddenByBuilding: boolean;
}

/**
 * The published status is never stored independently of its causes: a hold always shows (crm is
 * the source of truth for bookings, so even a hidden object shows a real hold), then hiding, then
 * the sale, else Free. Releasing a hold therefore returns a hidden object to Hidden, and showing a
 * sold object again returns it to Sold.
 */
export function deriveStatus(state: SaleState): PropertyObjectStatus {
  if (state.hold) return state.hold.phase;
  if (state.hiddenSelf || state.hiddenByBuilding) return "Hidden";
  if (state.soldAt) return "Sold";
  return "Free";
}

/**
 * What chessboard publishes for an object (ASM-1): the storefront reads building status only for
 * its logs and expects a building that is not on sale to reach it as Hidden statuses of its
 * objects. So an object of a building that is not Published (Draft, Hidden) is published as Hidden
 * — a hold still shows (crm is the truth for bookings) — while chessboard's own row, and so the
 * staff grid, keeps the status derived from its own causes.
 */
export function publishedStatus(status: PropertyObjectStatus, buildingStatus: string): PropertyObjectStatus {
  if (buildingStatus === "Published" || status === "Reserved" || status === "Booked") return status;
  return "Hidden";
}
