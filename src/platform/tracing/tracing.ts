/**
 * Spans through the OpenTelemetry API only (decision 0202): without an SDK registered by the
 * deployment every call here is a no-op (a non-recording span, no allocation beyond it); with one,
 * the consumer runtime's receipt span, the handlers' processing spans and Prisma's statement spans
 * (its own instrumentation) form one trace, joined to the producer's through the W3C
 * `traceparent` header the outbox writes into every event.
 */
import {
  type Attributes,
  type Context,
  context,
  defaultTextMapGetter,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";

const TRACER_NAME = "pin-backend";

/** The producer's context carried by a message's headers (its `traceparent`), if any. */
export function contextFromHeaders(headers: Readonly<Record<string, string>>): Context {
  return propagation.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

export interface SpanOptions {
  readonly kind?: "consumer" | "internal";
  readonly attributes?: Attributes;
  /** The span's parent (default: the active span) */
  readonly parent?: Context;
  /** Other traces the work belongs to (a batch: one link per message) */
  readonly links?: readonly Link[];
}

/** A link to the span a context carries, or nothing when it carries none. */
export function linkTo(ctx: Context, attributes?: Attributes): Link[] {
  const spanContext = trace.getSpanContext(ctx);
  return spanContext ? [{ context: spanContext, ...(attributes ? { attributes } : {}) }] : [];
}

/**
 * Runs `fn` in a span made active for its duration (so nested spans and Prisma's become its
 * children); an exception marks the span as failed and is rethrown unchanged.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  const tracer = trace.getTracer(TRACER_NAME);
  return tracer.startActiveSpan(
    name,
    {
      kind: options.kind === "consumer" ? SpanKind.CONSUMER : SpanKind.INTERNAL,
      ...(options.attributes ? { attributes: options.attributes } : {}),
      ...(options.links ? { links: [...options.links] } : {}),
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
    },
  );
}

/** A span that ended in an outcome rather than an exception (e.g. an infrastructure pause). */
export function markFailed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
