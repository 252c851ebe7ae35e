import { HEADER } from "./envelope.js";
function headersOf(metadata) {
  const headers = {};
  for (const [field, header] of Object.entries(HEADER)) {
    const value = metadata[field];
    if (value !== null && value !== void 0) headers[header] = String(value);
  }
  return headers;
}
function parseEnvelope(message, payload) {
  const h = message.headers;
  const messageId = h[HEADER.messageId];
  if (!messageId) return { ok: false, error: `header ${HEADER.messageId} is missing` };
  if (payload === void 0) {
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
        Number.isFinite(version) ? version : 0
      )
    }
  };
}
class WireMetadata {
  constructor(h, key, messageId, eventType, contractVersion) {
    this.messageId = messageId;
    this.eventType = eventType;
    this.contractVersion = contractVersion;
    this.#h = h;
    this.#key = key;
  }
  messageId;
  eventType;
  contractVersion;
  #h;
  #key;
  get aggregateId() {
    return this.#h[HEADER.aggregateId] ?? this.#key;
  }
  get aggregateType() {
    return this.#h[HEADER.aggregateType] ?? "";
  }
  get createdAt() {
    return this.#h[HEADER.createdAt] ?? "";
  }
  get correlationId() {
    return this.#h[HEADER.correlationId] ?? this.messageId;
  }
  get causationId() {
    return this.#h[HEADER.causationId] ?? null;
  }
  get traceparent() {
    return this.#h[HEADER.traceparent] ?? null;
  }
  /** Every field, plain (logs, JSON): the getters are not own properties */
  toJSON() {
    return {
      messageId: this.messageId,
      eventType: this.eventType,
      contractVersion: this.contractVersion,
      aggregateId: this.aggregateId,
      aggregateType: this.aggregateType,
      createdAt: this.createdAt,
      correlationId: this.correlationId,
      causationId: this.causationId,
      traceparent: this.traceparent
    };
  }
}
function dedupKeyOf(group, envelope) {
  return `${group}:${envelope.topic}:${envelope.metadata.messageId}`;
}
export {
  dedupKeyOf,
  headersOf,
  parseEnvelope
};
//# sourceMappingURL=wire.js.map
