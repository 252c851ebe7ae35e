import { randomUUID } from "node:crypto";
import { Prisma } from "../../../generated/prisma/client.js";
import { systemClock } from "../../clock/clock.js";
import { ValidationError } from "../../errors/domain-error.js";
import { currentTraceparent } from "../../tracing/tracing.js";
import { validatePayload } from "../contracts/registry.js";
import { contractVersionOf, eventTypeOf } from "../topics.js";
async function enqueue(tx, event, clock = systemClock) {
  const metadata = prepareOutboxRow(event, clock);
  await tx.$executeRaw`
    INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
    VALUES (${metadata.messageId}::uuid, ${event.topic}, ${event.key}, ${JSON.stringify(event.payload)}::jsonb,
            ${JSON.stringify(metadata)}::jsonb, ${clock.now()})`;
  return metadata;
}
function prepareOutboxRow(event, clock) {
  const outcome = validatePayload(event.topic, event.payload);
  if (!outcome.ok) {
    throw new ValidationError("EVENT_CONTRACT_INVALID", `payload violates the contract of ${event.topic}`, {
      topic: event.topic,
      errors: outcome.errors
    });
  }
  const messageId = event.messageId ?? randomUUID();
  return {
    messageId,
    eventType: eventTypeOf(event.topic),
    contractVersion: contractVersionOf(event.topic),
    aggregateId: event.key,
    aggregateType: event.aggregateType,
    createdAt: (event.occurredAt ?? clock.now()).toISOString(),
    correlationId: event.correlationId ?? messageId,
    causationId: event.causationId ?? null,
    // The active span (the GraphQL operation, a consumer's receipt or handle span) continues on the
    // consumer's side through the row (decision 0450); null when tracing is off.
    traceparent: event.traceparent ?? currentTraceparent()
  };
}
const AFTER_COMMIT = Prisma.sql` AND set_config('pin.commit_signal', 'after-commit', true) IS NOT NULL`;
function outboxInsert(events, clock = systemClock, onlyIf = Prisma.sql`true`, signal = "in-transaction") {
  const metadata = events.map((event) => prepareOutboxRow(event, clock));
  const enqueuedAt = clock.now().toISOString();
  const rows = events.map((event, i) => ({
    ord: i,
    message_id: metadata[i].messageId,
    topic: event.topic,
    key: event.key,
    payload: event.payload,
    metadata: metadata[i],
    created_at: enqueuedAt
  }));
  const sql = Prisma.sql`
    INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
    SELECT r.message_id, r.topic, r.key, r.payload, r.metadata, r.created_at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(ord int, message_id uuid, topic text, key text, payload jsonb, metadata jsonb, created_at timestamptz)
     WHERE ${onlyIf}${signal === "after-commit" ? AFTER_COMMIT : Prisma.empty}
     ORDER BY r.ord`;
  return { sql, metadata };
}
export {
  enqueue,
  outboxInsert
};
//# sourceMappingURL=enqueue.js.map
