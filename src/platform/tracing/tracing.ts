/**
 * Spans through the OpenTelemetry API only (decision 0202): without the SDK (started by main.ts
 * only when the OTEL_* variables ask for it, decision 0450) every call here is a no-op (a
 * non-recording span, no allocation beyond it); with it, the GraphQL operation, the outbox row's
 * `traceparent`, the relay's publish span, the consumer runtime's receipt span, the handlers'
 * processing spans and Prisma's statement spans form one trace (docs/guide/tracing.md).
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

/**
 * The W3C `traceparent` of the active span, or null when there is none: without the SDK there is
 * never one, and this is one context lookup (decision 0450: no cost when tracing is off).
 */
export function currentTraceparent(): string | null {
  const active = context.active();
  if (!trace.getSpan(active)?.isRecording()) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return carrier.traceparent ?? null;
}

/** The producer's context carried by a message's headers (its `traceparent`), if any. */
export function contextFromHeaders(headers: Readonly<Record<string, string>>): Context {
  return propagation.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

export interface SpanOptions {
  readonly kind?: "consumer" | "producer" | "client" | "internal";
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
      kind: spanKindOf(options.kind),
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

/**
 * `inSpan` only under a recording span (a ClickHouse insert inside a traced batch): with tracing off,
 * or outside any trace, `fn` runs alone and no span is made (nor its name and options: thunks).
 */
export function inChildSpan<T>(
  name: () => string,
  options: () => SpanOptions,
  fn: () => Promise<T>,
): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return fn();
  return inSpan(name(), options(), fn);
}

/**
 * A producer span for one message whose producer's context is `traceparent` (the outbox row's),
 * started now and ended by the caller; its own `traceparent` replaces the row's on the wire, so
 * the consumer's receipt span becomes its child. Null without a traceparent (tracing off).
 */
export function startProducerSpan(
  name: string,
  traceparent: string | null,
  attributes: Attributes,
): { readonly span: Span; readonly traceparent: string } | null {
  if (traceparent === null) return null;
  const parent = contextFromHeaders({ traceparent });
  if (!trace.getSpanContext(parent)) return null;
  const span = trace.getTracer(TRACER_NAME).startSpan(name, { kind: SpanKind.PRODUCER, attributes }, parent);
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(parent, span), carrier);
  return { span, traceparent: carrier.traceparent ?? traceparent };
}

function spanKindOf(kind: SpanOptions["kind"]): SpanKind {
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

/** A span that ended in an outcome rather than an exception (e.g. an infrastructure pause). */
export function markFailed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
