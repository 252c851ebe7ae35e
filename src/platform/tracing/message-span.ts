import { context, trace } from "@opentelemetry/api";
import type { EventEnvelope } from "../events/envelope.js";
import { contextFromHeaders, inSpan, linkTo } from "./tracing.js";

/**
 * One message's handler inside a batch, in its producer's trace (decision 0450). The receipt span
 * of a batch of several messages is only linked to their producers; without this span a handler's
 * own events (its outbox rows take the active span's traceparent) would start a trace of the
 * batch. So a message whose producer's trace is not the active one gets `<topic> handle`, a child
 * of its producer, linked to the receipt span. A single message's handler runs under the receipt
 * span already (its child), and a message without a traceparent (tracing off) gets no span.
 */
export function inMessageSpan<T>(
  group: string,
  envelope: EventEnvelope<unknown>,
  fn: () => Promise<T>,
): Promise<T> {
  const traceparent = envelope.metadata.traceparent;
  if (traceparent === null) return fn();
  const active = context.active();
  const batch = trace.getSpan(active);
  if (!batch?.isRecording()) return fn();
  const producer = contextFromHeaders({ traceparent });
  const producerTraceId = trace.getSpanContext(producer)?.traceId;
  if (producerTraceId === undefined || producerTraceId === batch.spanContext().traceId) return fn();
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
        "messaging.message.id": envelope.metadata.messageId,
      },
    },
    fn,
  );
}
