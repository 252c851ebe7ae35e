const HEADER = {
  messageId: "message-id",
  eventType: "event-type",
  contractVersion: "contract-version",
  aggregateId: "aggregate-id",
  aggregateType: "aggregate-type",
  createdAt: "created-at",
  correlationId: "correlation-id",
  causationId: "causation-id",
  traceparent: "traceparent"
};
const DLQ_HEADER = {
  reason: "x-dlq-reason",
  errorCode: "x-dlq-error-code",
  sourceTopic: "x-source-topic",
  originalOffset: "x-original-offset",
  originalPartition: "x-original-partition",
  attempts: "x-attempts",
  failedAt: "x-failed-at"
};
export {
  DLQ_HEADER,
  HEADER
};
//# sourceMappingURL=envelope.js.map
