import { context, trace } from "@opentelemetry/api";
import { contextFromHeaders, inSpan, linkTo } from "./tracing.js";
function inMessageSpan(group, envelope, fn) {
  const traceparent = envelope.metadata.traceparent;
  if (traceparent === null) return fn();
  const active = context.active();
  const batch = trace.getSpan(active);
  if (!batch?.isRecording()) return fn();
  const producer = contextFromHeaders({ traceparent });
  const producerTraceId = trace.getSpanContext(producer)?.traceId;
  if (producerTraceId === void 0 || producerTraceId === batch.spanContext().traceId) return fn();
  return inSpan(
    `${envelope.topic} handle`,
    {
      kind: "consumer",
      parent: producer,
      links: linkTo(active, { "pin.link": "batch receipt" }),
      attributes: {
        "messaging.operation.type": "process",
        "messaging.consumer.group.name": group,
        "messaging.destination.name": envelope.topic,
        "messaging.message.id": envelope.metadata.messageId
      }
    },
    fn
  );
}
export {
  inMessageSpan
};
//# sourceMappingURL=message-span.js.map
