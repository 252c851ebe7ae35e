const BOOKABLE_REPLICA_STATUS = "Free";
const HELD_REPLICA_STATUSES = ["Reserved", "Booked"];
const RELEASED_BOOKING_STATUSES = ["ReserveExpired", "BookingExpired", "Cancelled"];
function isBookableReplica(replica) {
  if (replica.status === BOOKABLE_REPLICA_STATUS) return true;
  const hold = replica.holdBookingStatus ?? null;
  return HELD_REPLICA_STATUSES.includes(replica.status) && hold !== null && RELEASED_BOOKING_STATUSES.includes(hold);
}
export {
  BOOKABLE_REPLICA_STATUS,
  isBookableReplica
};
//# sourceMappingURL=property-object-replica.types.js.map
