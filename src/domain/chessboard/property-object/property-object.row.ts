import type { ChessboardPropertyObject } from "../../../generated/prisma/client.js";
import type { ActiveHold, HoldPhase, SaleState } from "../status/property-object-status.js";
import { deriveStatus } from "../status/property-object-status.js";

export type PropertyObjectRow = ChessboardPropertyObject;

function holdPhaseOf(status: string): HoldPhase | null {
  return status === "Reserved" || status === "Booked" ? status : null;
}

/** The row's hold columns as the pure projection sees them. */
export function saleStateOf(row: PropertyObjectRow): SaleState {
  const phase = holdPhaseOf(row.status);
  const hold: ActiveHold | null =
    phase && row.holdBookingId && row.holdDealId
      ? {
          bookingId: row.holdBookingId,
          dealId: row.holdDealId,
          phase,
          version: row.holdBookingVersion ?? 0,
          reservedUntil: row.reservedUntil,
          bookedUntil: row.bookedUntil,
          heldSince: row.holdSince,
        }
      : null;
  return { hold, soldAt: row.soldAt, hiddenSelf: row.hiddenSelf, hiddenByBuilding: row.hiddenByBuilding };
}

/** Columns to write for a new sale state; the status is always derived, never set by hand. */
export function saleStateColumns(state: SaleState) {
  const hold = state.hold;
  return {
    status: deriveStatus(state),
    holdBookingId: hold?.bookingId ?? null,
    holdDealId: hold?.dealId ?? null,
    holdBookingVersion: hold?.version ?? null,
    reservedUntil: hold?.reservedUntil ?? null,
    bookedUntil: hold?.bookedUntil ?? null,
    holdSince: hold?.heldSince ?? null,
    soldAt: state.soldAt,
    hiddenSelf: state.hiddenSelf,
    hiddenByBuilding: state.hiddenByBuilding,
  };
}
