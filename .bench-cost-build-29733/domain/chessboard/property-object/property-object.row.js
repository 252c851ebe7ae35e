import { deriveStatus } from "../status/property-object-status.js";
function holdPhaseOf(status) {
  return status === "Reserved" || status === "Booked" ? status : null;
}
function saleStateOf(row) {
  const phase = holdPhaseOf(row.status);
  const hold = phase && row.holdBookingId && row.holdDealId ? {
    bookingId: row.holdBookingId,
    dealId: row.holdDealId,
    phase,
    version: row.holdBookingVersion ?? 0,
    reservedUntil: row.reservedUntil,
    bookedUntil: row.bookedUntil,
    heldSince: row.holdSince
  } : null;
  return { hold, soldAt: row.soldAt, hiddenSelf: row.hiddenSelf, hiddenByBuilding: row.hiddenByBuilding };
}
function saleStateColumns(state) {
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
    hiddenByBuilding: state.hiddenByBuilding
  };
}
export {
  saleStateColumns,
  saleStateOf
};
//# sourceMappingURL=property-object.row.js.map
