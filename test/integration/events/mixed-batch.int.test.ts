import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/platform/errors/domain-error.js";
import {
  defineConsumer,
  type SinkWriter,
  sinkScope,
} from "../../../src/platform/events/consumer/definition.js";
import { DLQ_HEADER, HEADER } from "../../../src/platform/events/envelope.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { describeWithService } from "../../support/services.js";
import {
  type Faults,
  HANDLER_SHAPES,
  type ItemPayload,
  itemsConsumer,
  itemsSuite,
  itemTopic,
  readItems,
} from "./harness.js";
import { testProcessor, wireItem } from "./processor-harness.js";

let offset = 0;
const wire = (topic: string, item: ItemPayload, messageId?: string, eventType?: string): InboundMessage =>
  wireItem(topic, item, {
    offset: ++offset,
    ...(messageId ? { messageId } : {}),
    ...(eventType ? { eventType } : {}),
  });

describeWithService(["postgres"], "consumer runtime: one batch, many outcomes", () => {
  const suite = itemsSuite("local", "events_mixed_batch");

  describe.each(HANDLER_SHAPES)("%s handlers", (shape) => {
    function processorFor(group: string, topic: string, faults: Faults) {
      const dlq: Array<{ topic: string; key: string; headers: Record<string, string> }> = [];
      const processor = testProcessor(itemsConsumer(group, topic, faults, shape), suite.db.prisma, {
        send: async (m) => void dlq.push(m),
      });
      return { processor, dlq };
    }

    it("a batch mixing duplicates, a poison message, a parked key and healthy keys dead-letters only the poison, holds back only the parked key and commits the rest once", async () => {
      const topic = itemTopic();
      const group = `pin-test-mixed-${shape}-${Date.now()}`;
      const faults: Faults = { retriableKeys: new Set([`p-${shape}`]), infrastructureFailuresLeft: 0 };
      const { processor, dlq } = processorFor(group, topic, faults);
      const P = `p-${shape}`;
      const A = `a-${shape}`;
      const B = `b-${shape}`;
      const C = `c-${shape}`;

      // Before: key P's first message is parked (retriable), C:0 applied.
      const earlierC = wire(topic, { Key: C, Seq: 0 });
      const first = await processor.processBatch([wire(topic, { Key: P, Seq: 1 }), earlierC]);
      expect(first).toEqual({ kind: "done", results: ["parked", "applied"] });
      faults.retriableKeys.clear(); // P would succeed now, but its retry is not due: P:2 must wait

      const a1Id = randomUUID();
      const a1 = wire(topic, { Key: A, Seq: 1 }, a1Id);
      const batch = [
        a1,
        wire(topic, { Key: A, Seq: 1 }, a1Id), // redelivered within the batch
        wire(topic, { Key: "x", Seq: 1, Fail: "non-retriable" }), // poison
        wire(topic, { Key: P, Seq: 2 }), // behind the parked P:1
        wire(topic, { Key: B, Seq: 1 }),
        { ...earlierC, offset: String(++offset) }, // redelivered from an earlier batch
        wire(topic, { Key: B, Seq: 2 }),
        wire(topic, { Key: A, Seq: 2 }),
      ];
      const outcome = await processor.processBatch(batch);
      expect(outcome).toEqual({
        kind: "done",
        results: [
          "applied",
          "skipped-duplicate",
          "dead-lettered",
          "parked-behind",
          "applied",
          "skipped-duplicate",
          "applied",
          "applied",
        ],
      });

      expect(dlq.map((m) => [m.key, m.headers[DLQ_HEADER.errorCode]])).toEqual([["x", "TEST_ITEM_INVALID"]]);
      const parked = await suite.db.prisma.$queryRaw<Array<{ key: string; value: string; attempts: number }>>`
        SELECT key, value, attempts FROM platform.parked_messages WHERE group_id = ${group} ORDER BY id`;
      expect(parked.map((r) => [r.key, (JSON.parse(r.value) as ItemPayload).Seq, r.attempts])).toEqual([
        [P, 1, 1],
        [P, 2, 0],
      ]);
      const items = await readItems(suite.db.prisma);
      expect(items.get(A)).toEqual({ lastSeq: 2, seqs: [1, 2], applied: 2 });
      expect(items.get(B)).toEqual({ lastSeq: 2, seqs: [1, 2], applied: 2 });
      expect(items.get(C)).toEqual({ lastSeq: 0, seqs: [0], applied: 1 });
      expect(items.has(P)).toBe(false);
      expect(items.has("x")).toBe(false);

      // The same batch again (a redelivery after a lost offset commit) changes nothing.
      const again = await processor.processBatch(batch.map((m) => ({ ...m })));
      expect(again.kind).toBe("done");
      expect(await readItems(suite.db.prisma)).toEqual(items);
    });

    it("an event whose event-type header is missing or names another topic's event is refused to the DLQ with EVENT_TYPE_MISMATCH", async () => {
      const topic = itemTopic();
      const group = `pin-test-event-type-${shape}-${Date.now()}`;
      const { processor, dlq } = processorFor(group, topic, {
        retriableKeys: new Set(),
        infrastructureFailuresLeft: 0,
      });
      const missing = wire(topic, { Key: `m-${shape}`, Seq: 1 });
      const { [HEADER.eventType]: _dropped, ...withoutType } = missing.headers;
      const outcome = await processor.processBatch([
        wire(topic, { Key: `w-${shape}`, Seq: 1 }, randomUUID(), "booking-created"),
        { ...missing, headers: withoutType },
        wire(topic, { Key: `ok-${shape}`, Seq: 1 }),
      ]);
      expect(outcome).toEqual({ kind: "done", results: ["dead-lettered", "dead-lettered", "applied"] });
      expect(dlq.map((m) => m.headers[DLQ_HEADER.errorCode])).toEqual([
        "EVENT_TYPE_MISMATCH",
        "EVENT_TYPE_MISMATCH",
      ]);
      const items = await readItems(suite.db.prisma);
      expect(items.has(`w-${shape}`)).toBe(false);
      expect(items.get(`ok-${shape}`)?.applied).toBe(1);
    });
  });
});

describeWithService(["postgres"], "consumer runtime: sink scope", () => {
  const suite = itemsSuite("local", "events_sink_scope");

  it("a sink batch is confirmed by the sink's flush: a failed flush leaves the batch unacknowledged, a poison message is dead-lettered without its rows, the rest is written once per business key", async () => {
    const topic = itemTopic();
    const group = `pin-test-sink-${Date.now()}`;
    const stored = new Map<string, number>(); // the sink: idempotent by business key
    let flushes = 0;
    let failNextFlush = true;
    const def = defineConsumer<Record<string, ItemPayload>, SinkWriter<{ id: string; seq: number }>>({
      group,
      topics: [topic],
      scope: sinkScope(() => {
        const pending: Array<{ id: string; seq: number }> = [];
        return {
          write: (rows) => void pending.push(...rows),
          async flush() {
            flushes += 1;
            if (failNextFlush) {
              failNextFlush = false;
              throw Object.assign(new Error("connect ECONNREFUSED sink"), { code: "ECONNREFUSED" });
            }
            for (const r of pending) stored.set(r.id, r.seq);
          },
        };
      }),
      async handleBatch(messages, { tx }) {
        if (messages.some((m) => m.payload.Fail === "non-retriable")) {
          throw new ValidationError("TEST_SINK_POISON", "poison");
        }
        tx.write(messages.map((m) => ({ id: m.envelope.metadata.messageId, seq: m.payload.Seq })));
      },
    });
    const dlq: string[] = [];
    const processor = testProcessor(def, suite.db.prisma, {
      send: async (m) => void dlq.push(m.key),
    });
    const batch = [
      wire(topic, { Key: "s1", Seq: 1 }),
      wire(topic, { Key: "poison", Seq: 1, Fail: "non-retriable" }),
      wire(topic, { Key: "s2", Seq: 1 }),
      wire(topic, { Key: "s1", Seq: 2 }),
    ];
    const failed = await processor.processBatch(batch);
    expect(failed.kind).toBe("infrastructure");
    expect(stored.size).toBe(0);
    expect(dlq).toEqual([]); // nothing of a failed batch is acted on: it is read again

    const redelivered = await processor.processBatch(batch);
    expect(redelivered).toEqual({
      kind: "done",
      results: ["applied", "dead-lettered", "applied", "applied"],
    });
    expect(dlq).toEqual(["poison"]);
    expect([...stored.values()].sort()).toEqual([1, 1, 2]);
    expect(flushes).toBe(2);

    // Delivered once more (offset commit lost): the sink's business key absorbs it.
    await processor.processBatch(batch.filter((m) => m.key !== "poison"));
    expect(stored.size).toBe(3);
  });
});

describeWithService(["postgres"], "consumer runtime: sink scope, duplicates inside one batch", () => {
  const suite = itemsSuite("local", "events_sink_dups");

  it("the same message twice in one sink batch runs once (skipped-duplicate); the same message id on another topic is another message", async () => {
    const topicA = itemTopic();
    const topicB = itemTopic();
    const written: string[] = [];
    const def = defineConsumer<Record<string, ItemPayload>, SinkWriter<string>>({
      group: `pin-test-sink-dups-${Date.now()}`,
      topics: [topicA, topicB],
      ordering: { keyOrder: "irrelevant" },
      scope: sinkScope(() => {
        const pending: string[] = [];
        return {
          write: (rows) => void pending.push(...rows),
          flush: async () => void written.push(...pending),
        };
      }),
      async handleBatch(messages, { tx }) {
        tx.write(messages.map((m) => `${m.topic === topicA ? "A" : "B"}:${m.payload.Key}`));
      },
    });
    const processor = testProcessor(def, suite.db.prisma);
    const id = randomUUID();
    const outcome = await processor.processBatch([
      wire(topicA, { Key: "x", Seq: 1 }, id),
      wire(topicA, { Key: "x", Seq: 1 }, id),
      wire(topicB, { Key: "y", Seq: 1 }, id),
      wire(topicA, { Key: "z", Seq: 1 }),
    ]);
    expect(outcome).toEqual({
      kind: "done",
      results: ["applied", "skipped-duplicate", "applied", "applied"],
    });
    expect(written.sort()).toEqual(["A:x", "A:z", "B:y"]);
  });
});
