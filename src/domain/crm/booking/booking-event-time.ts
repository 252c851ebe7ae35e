import type { CrmEvent } from "../../../contracts/crm-booking-events.js";
import { assertNever } from "../../../platform/errors/domain-error.js";
import { TOPIC } from "../../../platform/events/topics.js";

/**
 * When the transition a crm event reports happened: its payload's own time field. The outbox
 * writes it as the `created-at` header and the Kafka record timestamp (decision 0048), so the
 * header and the payload of one event never disagree.
 */
export function crmEventOccurredAt(event: CrmEvent): Date {
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
