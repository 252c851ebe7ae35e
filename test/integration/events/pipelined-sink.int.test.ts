import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { ValidationError } from "../../../src/platform/errors/domain-error.js";
import { processInChunks } from "../../../src/platform/events/consumer/batch-pipeline.js";
import {
  type AnyConsumerDefinition,
  defineConsumer,
  type SinkWriter,
  sinkScope,
} from "../../../src/platform/events/consumer/definition.js";
import type { BatchOutcome } from "../../../src/platform/events/consumer/message-processor.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { enqueueItems, type ItemPayload, itemsSuite, itemTopic, metricValue } from "./harness.js";
import { testProcessor, wireItem } from "./processor-harness.js";

/**
 * The pipelined batch flow (decision 0217): a sink consumer's batch n+1 is validated and handled
 * while batch n's write is in flight, and commits only after batch n committed whole.
 */

interface Row {
  key: string;
  seq: number;
  offset: string;
}

/** A sink that records what happens when, stores rows by business key, and fails on request. */
function recordingSink(opts: { flushMs: number; failFlushes?: Set<number> }) {
  const timeline: string[] = [];
  const stored = new Map<string, Row>();
  let flushes = 0;
  const open = () => {
    const pending: Row[] = [];
    return {
      write: (rows: readonly Row[]) => {
        for (const r of rows) pending.push(r);
      },
      async flush() {
        flushes += 1;
        const n = flushes;
        const first = pending[0]?.offset ?? "?";
        timeline.push(`flush-start ${first}`);
        await new Promise((r) => setTimeout(r, opts.flushMs));
        if (opts.failFlushes?.has(n)) {
          timeline.push(`flush-failed ${first}`);
          throw Object.assign(new Error("connect ECONNREFUSED sink"), { code: "ECONNREFUSED" });
        }
        for (const r of pending) stored.set(r.key, r);
        timeline.push(`flush-end ${first}`);
      },
    };
  };
  return { open, timeline, stored };
}

function pipelinedConsumer(
  group: string,
  topic: string,
  sink: ReturnType<typeof recordingSink>,
  batchFlow: "pipelined" | "sequential" = "pipelined",
  batchSize = 5,
): AnyConsumerDefinition {
  return defineConsumer<Record<string, ItemPayload>, SinkWriter<Row>>({
    group,
    topics: [topic],
    ordering: { keyOrder: "irrelevant", batchFlow },
    batch: { maxMessages: batchSize, flushMs: 50 },
    policy: { retry: { infrastructureMinMs: 20, infrastructureMaxMs: 100 } },
    scope: sinkScope(sink.open),
    async handleBatch(messages, { tx }) {
      if (messages.some((m) => m.payload.Fail === "non-retriable"))
        throw new ValidationError("TEST_PIPELINED_POISON", "poison");
      const first = messages[0];
      sink.timeline.push(`handle ${first ? offsetOf.get(first.envelope.metadata.messageId) : "?"}`);
      tx.write(
        messages.map((m) => ({
          key: m.payload.Key,
          seq: m.payload.Seq,
          offset: offsetOf.get(m.envelope.metadata.messageId) ?? "?",
        })),
      );
    },
  }) as AnyConsumerDefinition;
}

/** messageId → offset of the wire messages the processor-level tests build */
const offsetOf = new Map<string, string>();

function wire(topic: string, item: ItemPayload, offset: number): InboundMessage {
  const messageId = randomUUID();
  offsetOf.set(messageId, String(offset));
  return wireItem(topic, item, { offset, messageId });
}

describeWithService(["postgres"], "consumer runtime: pipelined sink batches (processor)", () => {
  const suite = itemsSuite("local", "events_pipelined");

  const processorFor = (def: AnyConsumerDefinition, dlq: string[], registry = createMetricsRegistry()) =>
    testProcessor(def, suite.db.prisma, { registry, send: async (m) => void dlq.push(m.key) });

  for (const flow of ["pipelined", "sequential"] as const) {
    it(`${flow}: ${flow === "pipelined" ? "batch n+1 is handled while batch n's write is in flight" : "batch n+1 is handled only after batch n's write"}; writes in offset order, every message once`, async () => {
      const topic = itemTopic();
      const sink = recordingSink({ flushMs: 25 });
      const def = pipelinedConsumer(`pin-test-pipe-${flow}-${Date.now()}`, topic, sink, flow);
      const processor = processorFor(def, []);
      const batch = Array.from({ length: 20 }, (_, i) => wire(topic, { Key: `k${i}`, Seq: i }, i));
      const outcomes: BatchOutcome[] = [];
      await processInChunks(processor, batch, {
        chunkSize: 5,
        depth: processor.batchDepth,
        onOutcome: async ({ outcome }) => {
          outcomes.push(outcome);
          return true;
        },
      });
      expect(outcomes.map((o) => o.kind)).toEqual(["done", "done", "done", "done"]);
      expect(sink.stored.size).toBe(20);
      const t = sink.timeline;
      expect(t.filter((e) => e.startsWith("flush-end"))).toEqual([
        "flush-end 0",
        "flush-end 5",
        "flush-end 10",
        "flush-end 15",
      ]);
      for (const [before, after] of [
        ["0", "5"],
        ["5", "10"],
        ["10", "15"],
      ] as const) {
        // the next batch's write starts only after the one before it is confirmed
        expect(t.indexOf(`flush-start ${after}`)).toBeGreaterThan(t.indexOf(`flush-end ${before}`));
        if (flow === "pipelined") {
          expect(t.indexOf(`handle ${after}`)).toBeGreaterThan(t.indexOf(`flush-start ${before}`));
          expect(t.indexOf(`handle ${after}`)).toBeLessThan(t.indexOf(`flush-end ${before}`));
        } else {
          expect(t.indexOf(`handle ${after}`)).toBeGreaterThan(t.indexOf(`flush-end ${before}`));
        }
      }
    });
  }

  it("pipelined: batch n's write fails → batch n+1, already handled, is rolled back: not written, its poison not dead-lettered; read again, each is written once and the poison dead-lettered once", async () => {
    const topic = itemTopic();
    const sink = recordingSink({ flushMs: 10, failFlushes: new Set([2]) });
    const def = pipelinedConsumer(`pin-test-pipe-fail-${Date.now()}`, topic, sink);
    const dlq: string[] = [];
    const registry = createMetricsRegistry();
    const processor = processorFor(def, dlq, registry);
    const batch = Array.from({ length: 15 }, (_, i) =>
      wire(topic, { Key: `k${i}`, Seq: i, ...(i === 12 ? { Fail: "non-retriable" as const } : {}) }, i),
    );
    const seen: string[] = [];
    const run = (from: number) =>
      processInChunks(processor, batch.slice(from), {
        chunkSize: 5,
        depth: processor.batchDepth,
        onOutcome: async ({ chunk, outcome }) => {
          seen.push(`${chunk[0]?.offset}:${outcome.kind}`);
          return outcome.kind === "done";
        },
      });
    await run(0);
    expect(seen).toEqual(["0:done", "5:infrastructure"]);
    expect(sink.timeline).toContain("handle 10"); // batch 10 was prepared behind the failing write…
    expect(sink.timeline).not.toContain("flush-start 10"); // …and never written
    expect([...sink.stored.keys()].sort()).toEqual(["k0", "k1", "k2", "k3", "k4"]);
    expect(dlq).toEqual([]); // nothing of a refused batch is acted on
    expect(await metricValue(registry, "pin_consumer_pipeline_discarded_total")).toBe(1);

    // What the transport does next: read again from the failed batch's first message.
    await run(5);
    expect(seen.slice(2)).toEqual(["5:done", "10:done"]);
    expect(sink.stored.size).toBe(14);
    expect(sink.stored.has("k12")).toBe(false);
    expect(dlq).toEqual(["k12"]);
  });

  it("defineConsumer refuses the pipelined flow where the next batch could depend on this one (per-key order kept)", () => {
    expect(() =>
      defineConsumer<Record<string, ItemPayload>, SinkWriter<Row>>({
        group: "pin-test-pipe-refused",
        topics: [itemTopic()],
        ordering: { batchFlow: "pipelined" },
        scope: sinkScope(recordingSink({ flushMs: 1 }).open),
        async handleBatch() {},
      }),
    ).toThrow(/keyOrder "irrelevant"/);
    const onPostgres = defineConsumer<Record<string, ItemPayload>>({
      group: "pin-test-pipe-refused-pg",
      topics: [itemTopic()],
      ordering: { keyOrder: "irrelevant", batchFlow: "pipelined" },
      async handleBatch() {},
    }) as AnyConsumerDefinition;
    expect(() => processorFor(onPostgres, [])).toThrow(/needs a sink scope/);
  });
});

describeWithService(["postgres", "kafka"], "consumer runtime: pipelined sink batches over Kafka", () => {
  const suite = itemsSuite("kafka", "events_pipelined_kafka");

  it("a fetch of many batches: the next batch is handled during a write; a failed write is read again (the batch behind it too) and every message ends up written", async () => {
    const topic = itemTopic();
    const sink = recordingSink({ flushMs: 15, failFlushes: new Set([3]) });
    // One partition: any overlap of a handler with a write is pipelining, not two partitions at once.
    const put = suite.put({ tuning: { topicPartitions: 1 } });
    const relay = await suite.started(put.platform.startRelay());
    // Everything is published before the consumer starts, so its first fetches hold many batches.
    const items = Array.from({ length: 240 }, (_, i) => ({ Key: `k${i}`, Seq: i }));
    await enqueueItems(suite.db.prisma, topic, items, put.clock);
    await relay.whenCaughtUp?.();
    const def = pipelinedConsumer(`pin-test-pipe-kafka-${Date.now()}`, topic, sink, "pipelined", 20);
    const consumer = await suite.started(put.platform.runConsumer(def));
    await consumer.whenCaughtUp?.();
    await eventually(async () => sink.stored.size === 240 || undefined);
    expect(sink.timeline.some((e) => e.startsWith("flush-failed"))).toBe(true);
    // pipelining happened: some batch was handled between a write's start and its end
    const t = sink.timeline;
    const overlapped = t.some((e, i) => {
      if (!e.startsWith("flush-start")) return false;
      const end = t.findIndex((x, j) => j > i && /^flush-(end|failed)/.test(x));
      return t.slice(i + 1, end).some((x) => x.startsWith("handle"));
    });
    expect(overlapped).toBe(true);
  });
});
