import { assertNever } from "../../../platform/errors/domain-error.js";
import { TOPIC } from "../../../platform/events/topics.js";
function crmEventOccurredAt(event) {
  switch (event.topic) {
    case TOPIC.bookingCreated:
      return new Date(event.payload.CreatedAt);
    case TOPIC.bookingConfirmed:
      return new Date(event.payload.ConfirmedAt);
    case TOPIC.bookingPaid:
      return new Date(event.payload.PaidAt);
    case TOPIC.bookingExtended:
      return new Date(event.payload.ExtendedAt);
    case TOPIC.bookingExpired:
      return new Date(event.payload.ExpiredAt);
    case TOPIC.bookingCancelled:
      return new Date(event.payload.CancelledAt);
    case TOPIC.dealSaleStarted:
      return new Date(event.payload.SoldAt);
    default:
      return assertNever(event, "crm event");
  }
}
export {
  crmEventOccurredAt
};
//# sourceMappingURL=booking-event-time.js.map
