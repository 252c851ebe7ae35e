import { randomUUID } from "node:crypto";
import { type Clock, systemClock } from "../../clock/clock.js";
import type { Tx } from "../../db/prisma-client.js";
import { ValidationError } from "../../errors/domain-error.js";
import { validatePayload } from "../contracts/registry.js";
import type { EventMetadata } from "../envelope.js";
import { contractVersionOf, eventTypeOf } from "../topics.js";

export interface OutgoingEvent<P> {
  topic: string;
  /** Kafka key = aggregate id; per-key order is kept end to end */
  key: string;
  aggregateType: string;
  payload: P;
  correlationId?: string;
  causationId?: string | null;
  traceparent?: string | null;
  messageId?: string;
}

/** Producers validate against the contract only in tests: a cheap guard against schema drift. */
function validateOnProduce(): boolean {
  return process.env.NODE_ENV === "test" || process.env.VITEST !== undefined;
}

/**
 * Writes the outbox row inside the caller's transaction, so the event exists if and only if the
 * business change committed. Per-key order relies on writers of one aggregate serialising on the
 * aggregate row (SELECT … FOR UPDATE / optimistic version update) before they enqueue: the later
 * writer then always gets the higher outbox id. See docs/events.md.
 */
export async function enqueue<P>(
  tx: Tx,
  event: OutgoingEvent<P>,
  clock: Clock = systemClock,
): Promise<EventMetadata> {
  if (validateOnProduce()) {
    const outcome = validatePayload(event.topic, event.payload);
    if (!outcome.ok) {
      throw new ValidationError("EVENT_CONTRACT_INVALID", `payload violates the contract of ${event.topic}`, {
        topic: event.topic,
        errors: outcome.errors,
      });
    }
  }
  const messageId = event.messageId ?? randomUUID();
  const metadata: EventMetadata = {
    messageId,
    eventType: eventTypeOf(event.topic),
    contractVersion: contractVersionOf(event.topic),
    aggregateId: event.key,
    aggregateType: event.aggregateType,
    createdAt: clock.now().toISOString(),
    correlationId: event.correlationId ?? messageId,
    causationId: event.causationId ?? null,
    traceparent: event.traceparent ?? null,
  };
  await tx.$executeRaw`
    INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
    VALUES (${messageId}::uuid, ${event.topic}, ${event.key}, ${JSON.stringify(event.payload)}::jsonb,
            ${JSON.stringify(metadata)}::jsonb, ${new Date(metadata.createdAt)})`;
  return metadata;
}
