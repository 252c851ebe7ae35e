import { assertNever } from "../../../platform/errors/domain-error.js";
const CARD_KINDS = [
  "BookingCreated",
  "ContractPaid",
  "ReserveExpiredConfirmBooking",
  "BookingExpiredConfirmOrExtend"
];
function apartmentLabel(apartment) {
  return apartment ? `apartment ${apartment.number}` : "the apartment";
}
function decideCard(fact, apartment) {
  const figures = {
    bookingId: fact.bookingId,
    propertyObjectId: fact.propertyObjectId,
    apartmentNumber: apartment?.number ?? null,
    floor: apartment?.floor ?? null,
    amount: apartment?.price ?? null,
    currency: apartment?.currency ?? null
  };
  const label = apartmentLabel(apartment);
  switch (fact.type) {
    case "created":
      return {
        ...figures,
        kind: "BookingCreated",
        title: `Booking created: ${label} is reserved until the deadline${fact.isPaid ? " (paid programme)" : ""}`,
        deadline: fact.reserveExpiresAt
      };
    case "paid":
      return {
        ...figures,
        kind: "ContractPaid",
        title: `Contract paid: ${label} is booked`,
        deadline: null
      };
    case "expired":
      return fact.phase === "Reserve" ? {
        ...figures,
        kind: "ReserveExpiredConfirmBooking",
        title: `Reserve time expired \u2014 confirm the booking of ${label}`,
        deadline: fact.expiresAt
      } : {
        ...figures,
        kind: "BookingExpiredConfirmOrExtend",
        title: `Booking time expired \u2014 confirm or extend the booking of ${label}`,
        deadline: fact.expiresAt
      };
    default:
      return assertNever(fact, "booking fact");
  }
}
export {
  CARD_KINDS,
  decideCard
};
//# sourceMappingURL=booking-card.decide.js.map
