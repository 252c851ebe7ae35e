import {
  context,
  defaultTextMapGetter,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace
} from "@opentelemetry/api";
const TRACER_NAME = "pin-backend";
function currentTraceparent() {
  const active = context.active();
  if (!trace.getSpan(active)?.isRecording()) return null;
  const carrier = {};
  propagation.inject(active, carrier);
  return carrier.traceparent ?? null;
}
function contextFromHeaders(headers) {
  return propagation.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}
function linkTo(ctx, attributes) {
  const spanContext = trace.getSpanContext(ctx);
  return spanContext ? [{ context: spanContext, ...attributes ? { attributes } : {} }] : [];
}
function inSpan(name, options, fn) {
  const tracer = trace.getTracer(TRACER_NAME);
  return tracer.startActiveSpan(
    name,
    {
      kind: spanKindOf(options.kind),
      ...options.attributes ? { attributes: options.attributes } : {},
      ...options.links ? { links: [...options.links] } : {}
    },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    }
  );
}
function inChildSpan(name, options, fn) {
  if (!trace.getActiveSpan()?.isRecording()) return fn();
  return inSpan(name(), options(), fn);
}
function startProducerSpan(name, traceparent, attributes) {
  if (traceparent === null) return null;
  const parent = contextFromHeaders({ traceparent });
  if (!trace.getSpanContext(parent)) return null;
  const span = trace.getTracer(TRACER_NAME).startSpan(name, { kind: SpanKind.PRODUCER, attributes }, parent);
  const carrier = {};
  propagation.inject(trace.setSpan(parent, span), carrier);
  return { span, traceparent: carrier.traceparent ?? traceparent };
}
function spanKindOf(kind) {
  switch (kind) {
    case "consumer":
      return SpanKind.CONSUMER;
    case "producer":
      return SpanKind.PRODUCER;
    case "client":
      return SpanKind.CLIENT;
    default:
      return SpanKind.INTERNAL;
  }
}
function markFailed(span, message) {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
export {
  contextFromHeaders,
  currentTraceparent,
  inChildSpan,
  inSpan,
  linkTo,
  markFailed,
  startProducerSpan
};
//# sourceMappingURL=tracing.js.map
