import { type CrmEvent, crmEventAggregateType, crmEventKey } from "../../../contracts/crm-booking-events.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { crmEventOccurredAt } from "./booking-event-time.js";

/** The outbox adapter of crm: how its events become outbox messages. */
export interface CausationMeta {
  /** Saga-wide correlation id; defaults to the BookingId (saga id) */
  readonly correlationId?: string;
  /** The message or request that caused this transition */
  readonly causationId?: string | null;
}

/** A crm event as an outbox message: key and aggregate from the contract, saga-wide correlation. */
export function outgoing(event: CrmEvent, meta: CausationMeta) {
  return {
    topic: event.topic,
    key: crmEventKey(event),
    aggregateType: crmEventAggregateType(event),
    payload: event.payload,
    correlationId: meta.correlationId ?? event.payload.BookingId,
    causationId: meta.causationId ?? null,
    // The created-at header and Kafka timestamp are the transition's own time (decision 0048).
    occurredAt: crmEventOccurredAt(event),
  };
}

/** Every event of a transition goes to the outbox in the caller's transaction. */
export async function enqueueEvents(
  tx: Tx,
  events: readonly CrmEvent[],
  meta: CausationMeta,
  clock: Clock,
): Promise<void> {
  for (const event of events) await enqueue(tx, outgoing(event, meta), clock);
}
