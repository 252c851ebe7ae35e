import { AsyncLocalStorage } from "node:async_hooks";
import {
  type Context,
  type ContextManager,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  type SpanOptions,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withBroadcastSpans } from "../events/broadcast-span.js";
import type { EventEnvelope } from "../events/envelope.js";
import { inMessageSpan } from "./message-span.js";
import {
  contextFromHeaders,
  currentTraceparent,
  inChildSpan,
  inSpan,
  linkTo,
  startProducerSpan,
} from "./tracing.js";

/** What a deployment's SDK would record, reduced to what the assertions need. */
interface Recorded {
  name: string;
  context: SpanContext;
  parentSpanId: string | undefined;
  links: number;
  status: number;
  ended: boolean;
}
const recorded: Recorded[] = [];
let nextId = 1;
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

function recordingSpan(r: Recorded): Span {
  const span = {
    spanContext: () => r.context,
    setAttribute: () => span,
    setAttributes: () => span,
    addEvent: () => span,
    addLink: () => span,
    addLinks: () => span,
    setStatus: (s: { code: number }) => {
      r.status = s.code;
      return span;
    },
    updateName: () => span,
    end: () => {
      r.ended = true;
    },
    isRecording: () => true,
    recordException: () => {},
  };
  return span as unknown as Span;
}

const tracer = {
  startSpan(name: string, options: SpanOptions = {}, ctx: Context = context.active()): Span {
    const parent = trace.getSpanContext(ctx);
    const r: Recorded = {
      name,
      context: { traceId: parent?.traceId ?? hex(nextId, 32), spanId: hex(nextId++, 16), traceFlags: 1 },
      parentSpanId: parent?.spanId,
      links: options.links?.length ?? 0,
      status: SpanStatusCode.UNSET,
      ended: false,
    };
    recorded.push(r);
    return recordingSpan(r);
  },
  startActiveSpan(name: string, options: SpanOptions, ctx: Context, fn: (span: Span) => unknown) {
    const span = tracer.startSpan(name, options, ctx);
    return context.with(trace.setSpan(ctx, span), () => fn(span));
  },
};
const provider: TracerProvider = { getTracer: () => tracer as unknown as Tracer };

const w3c: TextMapPropagator = {
  inject(ctx: Context, carrier: unknown, setter: TextMapSetter) {
    const sc = trace.getSpanContext(ctx);
    if (sc) setter.set(carrier, "traceparent", `00-${sc.traceId}-${sc.spanId}-01`);
  },
  extract(ctx: Context, carrier: unknown, getter: TextMapGetter) {
    const value = getter.get(carrier, "traceparent");
    const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(String(value ?? ""));
    if (!match) return ctx;
    return trace.setSpanContext(ctx, {
      traceId: match[1] as string,
      spanId: match[2] as string,
      traceFlags: 1,
      isRemote: true,
    });
  },
  fields: () => ["traceparent"],
};

const storage = new AsyncLocalStorage<Context>();
const contextManager: ContextManager = {
  active: () => storage.getStore() ?? ROOT_CONTEXT,
  with: (ctx, fn, thisArg, ...args) => storage.run(ctx, () => fn.call(thisArg, ...args)),
  bind: (_ctx, target) => target,
  enable: () => contextManager,
  disable: () => contextManager,
};

const PRODUCER = { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7" };

describe("tracing through the OpenTelemetry API", () => {
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider);
    propagation.setGlobalPropagator(w3c);
    context.setGlobalContextManager(contextManager);
  });
  afterAll(() => {
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it("continues the producer's trace from a message's traceparent and nests the processing span under the receipt", async () => {
    recorded.length = 0;
    const producer = contextFromHeaders({ traceparent: `00-${PRODUCER.traceId}-${PRODUCER.spanId}-01` });
    await inSpan("topic process", { kind: "consumer", parent: producer }, () =>
      inSpan("catalog.sync flow", {}, async () => "applied"),
    );
    const [receipt, processing] = recorded;
    expect(receipt).toMatchObject({ name: "topic process", parentSpanId: PRODUCER.spanId, ended: true });
    expect(receipt?.context.traceId).toBe(PRODUCER.traceId);
    expect(processing).toMatchObject({ name: "catalog.sync flow", parentSpanId: receipt?.context.spanId });
  });

  it("links a batch to each message's producer; a message without a traceparent adds no link", async () => {
    recorded.length = 0;
    const links = [
      ...linkTo(contextFromHeaders({ traceparent: `00-${PRODUCER.traceId}-${PRODUCER.spanId}-01` })),
      ...linkTo(contextFromHeaders({})),
    ];
    await inSpan("batch process", { kind: "consumer", links }, async () => {});
    expect(recorded[0]?.links).toBe(1);
  });

  it("marks a span failed when its work throws, and rethrows the error unchanged", async () => {
    recorded.length = 0;
    const boom = new Error("boom");
    await expect(inSpan("failing", {}, async () => Promise.reject(boom))).rejects.toBe(boom);
    expect(recorded[0]).toMatchObject({ status: SpanStatusCode.ERROR, ended: true });
  });

  const PRODUCER_TRACEPARENT = `00-${PRODUCER.traceId}-${PRODUCER.spanId}-01`;
  const envelope = (traceparent: string | null): EventEnvelope<unknown> => ({
    topic: "pin.t.v1",
    key: "k",
    payload: {},
    metadata: {
      messageId: "m1",
      eventType: "t",
      contractVersion: 1,
      aggregateId: "k",
      aggregateType: "T",
      createdAt: "2026-12-02T00:00:00.000Z",
      correlationId: "m1",
      causationId: null,
      traceparent,
    },
  });

  it("currentTraceparent: null outside a span, the active span's inside one (what the outbox row stores)", async () => {
    recorded.length = 0;
    expect(currentTraceparent()).toBeNull();
    const inside = await inSpan("mutation createBooking", {}, async () => currentTraceparent());
    const op = recorded[0];
    expect(inside).toBe(`00-${op?.context.traceId}-${op?.context.spanId}-01`);
  });

  it("startProducerSpan: none without a traceparent; else the row's child, whose traceparent goes on the wire", () => {
    recorded.length = 0;
    expect(startProducerSpan("t publish", null, {})).toBeNull();
    const started = startProducerSpan("t publish", PRODUCER_TRACEPARENT, {});
    started?.span.end();
    expect(recorded[0]).toMatchObject({ name: "t publish", parentSpanId: PRODUCER.spanId, ended: true });
    expect(started?.traceparent).toBe(`00-${PRODUCER.traceId}-${recorded[0]?.context.spanId}-01`);
  });

  it("inChildSpan: no span (nor its name or options) outside a trace, a child inside one", async () => {
    recorded.length = 0;
    const name = vi.fn(() => "clickhouse insert t");
    expect(
      await inChildSpan(
        name,
        () => ({}),
        async () => 1,
      ),
    ).toBe(1);
    expect(name).not.toHaveBeenCalled();
    expect(recorded).toHaveLength(0);
    await inSpan("batch", {}, () =>
      inChildSpan(
        name,
        () => ({ kind: "client" }),
        async () => 2,
      ),
    );
    expect(recorded.map((r) => [r.name, r.parentSpanId])).toEqual([
      ["batch", undefined],
      ["clickhouse insert t", recorded[0]?.context.spanId],
    ]);
  });

  it("inMessageSpan: a message of another trace gets a handle span under its producer, linked to the batch", async () => {
    recorded.length = 0;
    await inMessageSpan("g", envelope(PRODUCER_TRACEPARENT), async () => {}); // no batch span: none
    expect(recorded).toHaveLength(0);
    await inSpan("batch process", { kind: "consumer" }, async () => {
      await inMessageSpan("g", envelope(PRODUCER_TRACEPARENT), async () => {});
      await inMessageSpan("g", envelope(null), async () => {}); // tracing off upstream: none
    });
    expect(recorded.map((r) => r.name)).toEqual(["batch process", "pin.t.v1 handle"]);
    expect(recorded[1]).toMatchObject({ parentSpanId: PRODUCER.spanId, links: 1 });
    expect(recorded[1]?.context.traceId).toBe(PRODUCER.traceId);
  });

  it("inMessageSpan: no second span when the receipt span already continues the message's trace", async () => {
    recorded.length = 0;
    const producer = contextFromHeaders({ traceparent: PRODUCER_TRACEPARENT });
    await inSpan("t process", { kind: "consumer", parent: producer }, () =>
      inMessageSpan("g", envelope(PRODUCER_TRACEPARENT), async () => {}),
    );
    expect(recorded.map((r) => r.name)).toEqual(["t process"]);
  });

  it("withBroadcastSpans: the listener in a span under the event's producer; without a traceparent alone", async () => {
    recorded.length = 0;
    const seen: string[] = [];
    const wrapped = withBroadcastSpans({
      name: "b",
      topics: [],
      onEvent: (e) => void seen.push(e.metadata.messageId),
    });
    await wrapped.onEvent(envelope(null));
    expect(recorded).toHaveLength(0);
    await wrapped.onEvent(envelope(PRODUCER_TRACEPARENT));
    expect(recorded[0]).toMatchObject({
      name: "pin.t.v1 broadcast",
      parentSpanId: PRODUCER.spanId,
      ended: true,
    });
    expect(seen).toEqual(["m1", "m1"]);
  });
});
