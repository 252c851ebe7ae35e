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
  return {
    ok: true,
    envelope: {
      topic: message.topic,
      key: message.key,
      payload,
      metadata: new WireMetadata(
        h,
        message.key,
        messageId,
        eventType,
        Number.isFinite(version) ? version : 0,
      ),
    },
  };
}

/**
 * An envelope's metadata over its message's headers. What admission needs is read at once; the
 * rest from the headers when asked (decision 0505): a transport's lazy headers are then decoded
 * only for the fields someone reads. The getters live on the prototype, so a message costs one
 * object here, not a closure per field (decision 0538).
 */
class WireMetadata implements EventMetadata {
  readonly #h: Readonly<Record<string, string>>;
  readonly #key: string;
  constructor(
    h: Readonly<Record<string, string>>,
    key: string,
    readonly messageId: string,
    readonly eventType: string,
    readonly contractVersion: number,
  ) {
    this.#h = h;
    this.#key = key;
  }
  get aggregateId(): string {
    return this.#h[HEADER.aggregateId] ?? this.#key;
  }
  get aggregateType(): string {
    return this.#h[HEADER.aggregateType] ?? "";
  }
  get createdAt(): string {
    return this.#h[HEADER.createdAt] ?? "";
  }
  get correlationId(): string {
    return this.#h[HEADER.correlationId] ?? this.messageId;
  }
  get causationId(): string | null {
    return this.#h[HEADER.causationId] ?? null;
  }
  get traceparent(): string | null {
    return this.#h[HEADER.traceparent] ?? null;
  }
  /** Every field, plain (logs, JSON): the getters are not own properties */
  toJSON(): EventMetadata {
    return {
      messageId: this.messageId,
      eventType: this.eventType,
      contractVersion: this.contractVersion,
      aggregateId: this.aggregateId,
      aggregateType: this.aggregateType,
      createdAt: this.createdAt,
      correlationId: this.correlationId,
      causationId: this.causationId,
      traceparent: this.traceparent,
    };
  }
}

/**
 * `<group>:<topic>:<messageId>` (decision 0031): the topic comes from the record, not from a header
 * a producer could vary, so the same message cannot dodge dedup by changing its event-type header.
 */
export function dedupKeyOf(group: string, envelope: EventEnvelope<unknown>): string {
  return `${group}:${envelope.topic}:${envelope.metadata.messageId}`;
}
