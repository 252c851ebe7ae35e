/**
 * The shape every integration event has inside the process, whatever the transport.
 * On Kafka: key = `key`, value = JSON of `payload` (PascalCase field names of the spec),
 * metadata in headers named in HEADER (see docs/engineering/events.md).
 */
export interface EventMetadata {
  /** uuid; the dedup key of every consumer is `<group>:<topic>:<messageId>` (decision 0031) */
  readonly messageId: string;
  /** kebab-case, e.g. `booking-created`, `property-object-upserted` */
  readonly eventType: string;
  readonly contractVersion: number;
  readonly aggregateId: string;
  readonly aggregateType: string;
  /** ISO-8601 UTC */
  readonly createdAt: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** W3C traceparent, when known */
  readonly traceparent: string | null;
}

export interface EventEnvelope<P = unknown> {
  readonly topic: string;
  /** Kafka key = aggregate id → per-aggregate order */
  readonly key: string;
  readonly payload: P;
  readonly metadata: EventMetadata;
}

/** Header names on the wire: fixed by the architecture, do not rename. */
export const HEADER = {
  messageId: "message-id",
  eventType: "event-type",
  contractVersion: "contract-version",
  aggregateId: "aggregate-id",
  aggregateType: "aggregate-type",
  createdAt: "created-at",
  correlationId: "correlation-id",
  causationId: "causation-id",
  traceparent: "traceparent",
} as const satisfies Record<keyof EventMetadata, string>;

/** Extra headers a DLQ copy carries on top of the original ones. */
export const DLQ_HEADER = {
  reason: "x-dlq-reason",
  errorCode: "x-dlq-error-code",
  sourceTopic: "x-source-topic",
  originalOffset: "x-original-offset",
  originalPartition: "x-original-partition",
  attempts: "x-attempts",
  failedAt: "x-failed-at",
} as const;
