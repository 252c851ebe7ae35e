import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { withBroadcastSpans } from "../../src/platform/events/broadcast-span.js";
import type { EventEnvelope } from "../../src/platform/events/envelope.js";
import { outboxInsert } from "../../src/platform/events/outbox/enqueue.js";
import { TOPIC } from "../../src/platform/events/topics.js";
import { inMessageSpan } from "../../src/platform/tracing/message-span.js";
import {
  currentTraceparent,
  inChildSpan,
  inSpan,
  startProducerSpan,
} from "../../src/platform/tracing/tracing.js";
import type { BenchResult } from "../types.js";

/**
 * `npm run bench tracing`: what the tracing hooks cost with tracing OFF (no OTEL_* variables, so
 * no SDK: decision 0450), each beside the same work without the hook, and what starting the
 * SDK would load. Needs no service. Figures in docs/engineering/benchmarks.md ("Tracing off").
 */
const ROUNDS = 7;
const REPO = path.resolve(import.meta.dirname, "../..");

/** ns per call of one round of `n` calls */
async function round(n: number, fn: () => unknown): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    await fn();
    // Awaited microtasks never let timers run: yield now and then, so an exporter can drain.
    if ((i & 1023) === 1023) await new Promise(setImmediate);
  }
  return Number(process.hrtime.bigint() - t0) / n;
}
function syncRound(n: number, fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Number(process.hrtime.bigint() - t0) / n;
}

/**
 * The hook and its baseline in alternating rounds (a shared host's load hits both alike), the
 * best of ROUNDS rounds each (the least disturbed one). `async`: each call awaited.
 */
async function compare(
  n: number,
  withHook: () => unknown,
  without: () => unknown,
  async = false,
): Promise<[number, number]> {
  let a = Number.POSITIVE_INFINITY;
  let b = Number.POSITIVE_INFINITY;
  // r = -1 warms both up (JIT) and is not counted.
  for (let r = -1; r < ROUNDS; r++) {
    if (r < 0) {
      await round(n, withHook);
      await round(n, without);
      continue;
    }
    a = Math.min(a, async ? await round(n, withHook) : syncRound(n, withHook));
    b = Math.min(b, async ? await round(n, without) : syncRound(n, without));
  }
  return [a, b];
}

/** value = with the hook, baseline = without; ratio = baseline / value (1.00: the hook is free) */
function pair(name: string, [withHook, without]: [number, number], note: string): BenchResult {
  return { name, value: withHook, unit: "ns/op", baseline: without, ratio: without / withHook, note };
}

const statusChanged = {
  PropertyObjectId: randomUUID(),
  TenantId: randomUUID(),
  ProjectId: randomUUID(),
  BuildingId: randomUUID(),
  FromStatus: "Free",
  ToStatus: "Reserved",
  StatusSource: "Booking",
  HoldDealId: randomUUID(),
  HoldBookingId: randomUUID(),
  ReservedUntil: new Date().toISOString(),
  BookedUntil: null,
  SoldAt: null,
  StatusChangedAt: new Date().toISOString(),
  Version: 2,
};

/** A child process that imports what main.ts imports when OTEL_* is set, and reports ms and RSS. */
function sdkLoadCost(): { ms: number; rssMiB: number; baseRssMiB: number } {
  const script = `
    const base = process.memoryUsage().rss;
    const t0 = performance.now();
    await Promise.all([import("@opentelemetry/sdk-node"), import("@opentelemetry/instrumentation-http"), import("@prisma/instrumentation")]);
    console.log(JSON.stringify({ ms: performance.now() - t0, rss: process.memoryUsage().rss, base }));`;
  const runs = Array.from({ length: 3 }, () =>
    JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: REPO }).toString(),
    ),
  ) as Array<{ ms: number; rss: number; base: number }>;
  const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  return { ms: best.ms, rssMiB: (best.rss - best.base) / 2 ** 20, baseRssMiB: best.base / 2 ** 20 };
}

export async function runTracingBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const N = 1_000_000;

  results.push(
    pair(
      "off: currentTraceparent() (each outbox row)",
      await compare(
        N,
        () => currentTraceparent(),
        () => null,
      ),
      "one context lookup, no span",
    ),
  );

  const event = (traceparent?: null) => ({
    topic: TOPIC.propertyObjectStatusChanged,
    key: statusChanged.PropertyObjectId,
    aggregateType: "PropertyObject",
    payload: statusChanged,
    ...(traceparent === null ? { traceparent } : {}),
  });
  const looked = event();
  const bypassed = event(null);
  results.push(
    pair(
      "off: outbox row prepared (validate + metadata), traceparent from the context",
      await compare(
        100_000,
        () => outboxInsert([looked]),
        () => outboxInsert([bypassed]),
      ),
      "baseline: the same row with traceparent: null given (no lookup)",
    ),
  );

  results.push(
    pair(
      "off: startProducerSpan(null) (relay, each row)",
      await compare(
        N,
        () => startProducerSpan("t publish", null, {}),
        () => null,
      ),
      "rows carry no traceparent with tracing off",
    ),
  );

  const work = async () => 1;
  const name = () => "n";
  const opts = () => ({});
  results.push(
    pair(
      "off: inChildSpan (ClickHouse insert, GraphQL operation)",
      await compare(N, () => inChildSpan(name, opts, work), work, true),
      "no active span: the work alone",
    ),
  );

  const envelope: EventEnvelope<unknown> = {
    topic: TOPIC.propertyObjectStatusChanged,
    key: statusChanged.PropertyObjectId,
    payload: statusChanged,
    metadata: {
      messageId: randomUUID(),
      eventType: "property-object-status-changed",
      contractVersion: 1,
      aggregateId: statusChanged.PropertyObjectId,
      aggregateType: "PropertyObject",
      createdAt: new Date().toISOString(),
      correlationId: randomUUID(),
      causationId: null,
      traceparent: null,
    },
  };
  results.push(
    pair(
      "off: inMessageSpan (each consumed message)",
      await compare(N, () => inMessageSpan("g", envelope, work), work, true),
      "a message without traceparent",
    ),
  );

  const listener = { name: "b", topics: [], onEvent: () => {} };
  const wrapped = withBroadcastSpans(listener);
  results.push(
    pair(
      "off: broadcast onEvent wrapper (each broadcast event)",
      await compare(
        N,
        () => wrapped.onEvent(envelope),
        () => listener.onEvent(),
      ),
      "a message without traceparent",
    ),
  );

  results.push(...(await tracingOn(work, looked, bypassed)));

  const load = sdkLoadCost();
  results.push({
    name: "SDK import when OTEL_* is set (avoided when off): time",
    value: load.ms,
    unit: "ms",
    note: "sdk-node + instrumentation-http + @prisma/instrumentation, fresh process, best of 3",
  });
  results.push({
    name: "SDK import when OTEL_* is set (avoided when off): resident memory",
    value: load.rssMiB,
    unit: "MiB",
    note: `on top of a bare node process of ${load.baseRssMiB.toFixed(1)} MiB`,
  });
  return results;
}

/**
 * The same hooks with tracing ON, for scale: the SDK started in this process (after the OFF
 * figures) with a batch processor into an in-memory exporter (so no network in the figure),
 * always-on sampling. What one span costs, and the outbox row inside a traced operation.
 */
async function tracingOn(
  work: () => Promise<number>,
  looked: Parameters<typeof outboxInsert>[0][number],
  bypassed: Parameters<typeof outboxInsert>[0][number],
): Promise<BenchResult[]> {
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const { BatchSpanProcessor, InMemorySpanExporter, AlwaysOnSampler } = await import(
    "@opentelemetry/sdk-trace"
  );
  const exporter = new InMemorySpanExporter();
  const sdk = new NodeSDK({
    spanProcessors: [new BatchSpanProcessor({ exporter, maxQueueSize: 1 << 20, scheduledDelayMillis: 50 })],
    sampler: new AlwaysOnSampler(),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  const N = 200_000;
  const drain = setInterval(() => exporter.reset(), 100);
  try {
    const results = [
      pair(
        "on: one span (inSpan around awaited work)",
        await compare(N, () => inSpan("s", {}, work), work, true),
        "recorded, batched, exported to memory",
      ),
      pair(
        "on: outbox row prepared inside a traced operation (traceparent of the active span)",
        await compare(
          20_000,
          () => inSpan("op", {}, async () => outboxInsert([looked])),
          () => inSpan("op", {}, async () => outboxInsert([bypassed])),
          true,
        ),
        "baseline: the same row with traceparent: null given, also inside the span",
      ),
    ];
    return results;
  } finally {
    clearInterval(drain);
    await sdk.shutdown();
  }
}
