import { contextFromHeaders, inSpan } from "../tracing/tracing.js";
function withBroadcastSpans(opts) {
  return {
    ...opts,
    onEvent(envelope) {
      const traceparent = envelope.metadata.traceparent;
      if (traceparent === null) return opts.onEvent(envelope);
      return inSpan(
        `${envelope.topic} broadcast`,
        {
          kind: "consumer",
          parent: contextFromHeaders({ traceparent }),
          attributes: {
            "messaging.operation.type": "process",
            "messaging.destination.name": envelope.topic,
            "messaging.message.id": envelope.metadata.messageId,
            "pin.broadcast.name": opts.name
          }
        },
        async () => opts.onEvent(envelope)
      );
    }
  };
}
export {
  withBroadcastSpans
};
//# sourceMappingURL=broadcast-span.js.map
