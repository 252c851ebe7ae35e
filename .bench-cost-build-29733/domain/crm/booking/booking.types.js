const BOOKING_STATUSES = [
  "Reserved",
  "AwaitingPayment",
  "Booked",
  "Completed",
  "ReserveExpired",
  "BookingExpired",
  "Cancelled"
];
const ACTIVE_BOOKING_STATUSES = ["Reserved", "AwaitingPayment", "Booked"];
function isActiveBookingStatus(status) {
  return ACTIVE_BOOKING_STATUSES.includes(status);
}
const DEFAULT_RESERVE_DURATION_MINUTES = 60;
const DEFAULT_BOOKING_DURATION_HOURS = 72;
export {
  ACTIVE_BOOKING_STATUSES,
  BOOKING_STATUSES,
  DEFAULT_BOOKING_DURATION_HOURS,
  DEFAULT_RESERVE_DURATION_MINUTES,
  isActiveBookingStatus
};
//# sourceMappingURL=booking.types.js.map
