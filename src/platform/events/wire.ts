import { type EventEnvelope, type EventMetadata, HEADER } from "./envelope.js";

/** A message as every transport hands it to the consumer runtime. */
export interface InboundMessage {
  readonly topic: string;
  readonly partition: number;
  /** Kafka offset, or the local log row id */
  readonly offset: string;
  readonly key: string;
  /** JSON text of the payload */
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Envelope metadata → wire headers (absent optional values are simply not sent). */
export function headersOf(metadata: EventMetadata): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [field, header] of Object.entries(HEADER) as Array<[keyof EventMetadata, string]>) {
    const value = metadata[field];
    if (value !== null && value !== undefined) headers[header] = String(value);
  }
  return headers;
}

export type ParsedEnvelope = { ok: true; envelope: EventEnvelope<unknown> } | { ok: false; error: string };

/**
 * Wire → envelope. A message without a message-id or with a non-JSON value cannot be processed.
 * `payload`, when given, is the payload already read from `message.value` (the consumer gate reads
 * it with its reader contract: exact decimals, decision 0301).
 */
export function parseEnvelope(message: InboundMessage, payload?: unknown): ParsedEnvelope {
  const h = message.headers;
  const messageId = h[HEADER.messageId];
  if (!messageId) return { ok: false, error: `header ${HEADER.messageId} is missing` };
  if (payload === undefined) {
    try {
      payload = JSON.parse(message.value);
    } catch {
      return { ok: false, error: "value is not JSON" };
    }
  }
  const eventType = h[HEADER.eventType] ?? message.topic.split(".")[2] ?? message.topic;
  const version = Number(h[HEADER.contractVersion] ?? Number.NaN);
  const key = message.key;
  return {
    ok: true,
    envelope: {
      topic: message.topic,
      key,
      payload,
      // What admission needs is read now; the rest from the headers when asked (decision 0505):
      // a transport's lazy headers are then decoded only for the fields someone reads.
      metadata: {
        messageId,
        eventType,
        contractVersion: Number.isFinite(version) ? version : 0,
        get aggregateId() {
          return h[HEADER.aggregateId] ?? key;
        },
        get aggregateType() {
          return h[HEADER.aggregateType] ?? "";
        },
        get createdAt() {
          return h[HEADER.createdAt] ?? "";
        },
        get correlationId() {
          return h[HEADER.correlationId] ?? messageId;
        },
        get causationId() {
          return h[HEADER.causationId] ?? null;
        },
        get traceparent() {
          return h[HEADER.traceparent] ?? null;
        },
      },
    },
  };
}

/**
 * `<group>:<topic>:<messageId>` (decision 0031): the topic comes from the record, not from a header
 * a producer could vary, so the same message cannot dodge dedup by changing its event-type header.
 */
export function dedupKeyOf(group: string, envelope: EventEnvelope<unknown>): string {
  return `${group}:${envelope.topic}:${envelope.metadata.messageId}`;
}
