import { randomUUID } from "node:crypto";
import { Prisma } from "../../../generated/prisma/client.js";
import { type Clock, systemClock } from "../../clock/clock.js";
import type { RawTx } from "../../db/raw-tx.js";
import { ValidationError } from "../../errors/domain-error.js";
import { currentTraceparent } from "../../tracing/tracing.js";
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
  /** W3C traceparent; default: the active span's (none when tracing is off) */
  traceparent?: string | null;
  messageId?: string;
  /**
   * When the business fact happened (e.g. a booking's ConfirmedAt): becomes the `created-at`
   * header and the Kafka record timestamp. Defaults to the clock at enqueue time.
   */
  occurredAt?: Date;
}

/**
 * Writes the outbox row inside the caller's transaction, so the event exists if and only if the
 * business change committed. Per-key order relies on writers of one aggregate serialising on the
 * aggregate row (SELECT … FOR UPDATE / optimistic version update) before they enqueue: the later
 * writer then always gets the higher outbox id. See docs/engineering/events.md.
 */
export async function enqueue<P>(
  tx: RawTx,
  event: OutgoingEvent<P>,
  clock: Clock = systemClock,
): Promise<EventMetadata> {
  const metadata = prepareOutboxRow(event, clock);
  await tx.$executeRaw`
    INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
    VALUES (${metadata.messageId}::uuid, ${event.topic}, ${event.key}, ${JSON.stringify(event.payload)}::jsonb,
            ${JSON.stringify(metadata)}::jsonb, ${clock.now()})`;
  return metadata;
}

/**
 * Validation against the topic's JSON Schema contract, in every environment (decision 0033): a
 * violation is the command's typed error (EVENT_CONTRACT_INVALID) and nothing is written.
 */
function prepareOutboxRow<P>(event: OutgoingEvent<P>, clock: Clock): EventMetadata {
  const outcome = validatePayload(event.topic, event.payload);
  if (!outcome.ok) {
    throw new ValidationError("EVENT_CONTRACT_INVALID", `payload violates the contract of ${event.topic}`, {
      topic: event.topic,
      errors: outcome.errors,
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
    traceparent: event.traceparent ?? currentTraceparent(),
  };
}

/**
 * Who sends the outbox's commit signal (`NOTIFY pin_outbox`, decision 0485): the table's trigger,
 * inside the writing transaction (default), or the writer after its commit (decision 0500:
 * signalOutboxAfterCommit) — the INSERT then sets the transaction-local `pin.commit_signal` the
 * trigger reads, and the commit takes no notify lock.
 */
export type CommitSignal = "in-transaction" | "after-commit";

/**
 * `enqueue` for many events as ONE INSERT, a SQL fragment for writers that fold their outbox rows into a
 * larger statement (a data-modifying CTE) to save round trips. `onlyIf` is a boolean SQL
 * condition evaluated in that statement (e.g. `EXISTS (SELECT 1 FROM inserted)`): the rows are
 * written only when it holds, so the events exist if and only if the business change does.
 */
/** Evaluated for every row inserted (so before the statement's trigger fires); always true. */
const AFTER_COMMIT = Prisma.sql` AND set_config('pin.commit_signal', 'after-commit', true) IS NOT NULL`;

export function outboxInsert<P>(
  events: readonly OutgoingEvent<P>[],
  clock: Clock = systemClock,
  onlyIf: Prisma.Sql = Prisma.sql`true`,
  signal: CommitSignal = "in-transaction",
): { sql: Prisma.Sql; metadata: EventMetadata[] } {
  const metadata = events.map((event) => prepareOutboxRow(event, clock));
  // The row's own created_at is the enqueue time (outbox backlog age), not the business time.
  const enqueuedAt = clock.now().toISOString();
  const rows = events.map((event, i) => ({
    ord: i,
    message_id: metadata[i]!.messageId,
    topic: event.topic,
    key: event.key,
    payload: event.payload,
    metadata: metadata[i],
    created_at: enqueuedAt,
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
