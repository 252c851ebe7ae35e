import { TOPIC } from "./topics.js";
const CRM_BOOKING_TOPICS = {
  bookingCreated: TOPIC.bookingCreated,
  bookingConfirmed: TOPIC.bookingConfirmed,
  bookingPaid: TOPIC.bookingPaid,
  bookingExpired: TOPIC.bookingExpired,
  bookingCancelled: TOPIC.bookingCancelled,
  bookingExtended: TOPIC.bookingExtended,
  dealSaleStarted: TOPIC.dealSaleStarted
};
const CRM_AGGREGATE = { booking: "Booking", deal: "Deal" };
function crmEventKey(event) {
  return event.topic === TOPIC.dealSaleStarted ? event.payload.DealId : event.payload.BookingId;
}
function crmEventAggregateType(event) {
  return event.topic === TOPIC.dealSaleStarted ? CRM_AGGREGATE.deal : CRM_AGGREGATE.booking;
}
export {
  CRM_AGGREGATE,
  CRM_BOOKING_TOPICS,
  crmEventAggregateType,
  crmEventKey
};
//# sourceMappingURL=crm-booking-events.js.map
