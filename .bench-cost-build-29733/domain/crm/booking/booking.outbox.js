import { crmEventAggregateType, crmEventKey } from "../../../contracts/crm-booking-events.js";
import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { crmEventOccurredAt } from "./booking-event-time.js";
function outgoing(event, meta) {
  return {
    topic: event.topic,
    key: crmEventKey(event),
    aggregateType: crmEventAggregateType(event),
    payload: event.payload,
    correlationId: meta.correlationId ?? event.payload.BookingId,
    causationId: meta.causationId ?? null,
    // The created-at header and Kafka timestamp are the transition's own time (decision 0048).
    occurredAt: crmEventOccurredAt(event)
  };
}
async function enqueueEvents(tx, events, meta, clock) {
  for (const event of events) await enqueue(tx, outgoing(event, meta), clock);
}
export {
  enqueueEvents,
  outgoing
};
//# sourceMappingURL=booking.outbox.js.map
