import { contextFromHeaders, inSpan } from "../tracing/tracing.js";
import type { BroadcastOptions } from "./transport/runner.js";

/**
 * Each broadcast event in its producer's trace (decision 0450): `<topic> broadcast`, a consumer
 * span whose parent is the event's `traceparent`, around the listener that fans it out to the
 * subscriptions. An event without one (tracing off) goes to the listener with no span.
 */
export function withBroadcastSpans(opts: BroadcastOptions): BroadcastOptions {
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
            "pin.broadcast.name": opts.name,
          },
        },
        async () => opts.onEvent(envelope),
      );
    },
  };
}
