import { Kafka, logLevel } from "kafkajs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { replayDeadLetters } from "../../../src/platform/events/admin/dead-letters.js";
import { resetConsumerGroup } from "../../../src/platform/events/admin/reset-consumer-group.js";
import { registerContract } from "../../../src/platform/events/contracts/registry.js";
import { DLQ_HEADER, HEADER } from "../../../src/platform/events/envelope.js";
import type { Runner } from "../../../src/platform/events/event-platform.js";
import { dlqTopicFor } from "../../../src/platform/events/topics.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";
import {
  createItemsTable,
  enqueueItems,
  type Faults,
  HANDLER_SHAPES,
  ITEM_SCHEMA,
  type ItemPayload,
  itemsConsumer,
  itemTopic,
  KAFKA_CLIENT,
  metricValue,
  type PlatformUnderTest,
  platformFor,
  readItems,
  type TransportName,
} from "./harness.js";

const RETRY_DELAYS_MS = [30_000, 60_000, 120_000, 240_000, 480_000, 960_000];

async function readDlqTopic(transport: TransportName, db: MigratedDatabase, topic: string, expected: number) {
  if (transport === "local") {
    return eventually(async () => {
      const rows = await db.prisma.$queryRaw<
        Array<{ key: string; value: string; headers: Record<string, string> }>
      >`
        SELECT key, value, headers FROM platform.event_log WHERE topic = ${topic} ORDER BY id`;
      return rows.length >= expected ? rows : undefined;
    });
  }
  const kafka = new Kafka({ clientId: "dlq-reader", brokers: kafkaBrokers(), logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `dlq-reader-${Date.now()}` });
  const seen: Array<{ key: string; value: string; headers: Record<string, string> }> = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(message.headers ?? {})) headers[k] = String(v);
      seen.push({ key: message.key?.toString() ?? "", value: message.value?.toString() ?? "", headers });
    },
  });
  await eventually(async () => seen.length >= expected);
  await consumer.disconnect();
  return seen;
}

const transports: TransportName[] = ["kafka", "local"];

describeWithService(["postgres", "kafka"], "event platform transport contract", () => {
  // The Kafka transport's label names its client (PIN_KAFKA_CLIENT): "kafka/platformatic transport".
  const label = (t: TransportName) => (t === "kafka" ? `kafka/${KAFKA_CLIENT}` : t);
  describe.each(transports.flatMap((t) => HANDLER_SHAPES.map((shape) => [label(t), shape, t] as const)))(
    "%s transport, %s handlers",
    (_label, shape, transport) => {
      let db: MigratedDatabase;
      const running: Runner[] = [];
      let put: PlatformUnderTest;

      beforeAll(async () => {
        db = await createMigratedDatabase(`events_${transport}_${shape}`);
        await createItemsTable(db.prisma);
      });
      afterEach(async () => {
        for (const r of running.splice(0).reverse()) await r.stop();
        await put?.platform.close();
        await db.prisma.$executeRaw`TRUNCATE evtest.items`;
      });
      afterAll(async () => {
        await db?.drop();
      });

      async function start(group: string, topic: string, faults: Faults) {
        put = platformFor(transport, db.prisma);
        const relay = put.platform.startRelay();
        const consumer = put.platform.runConsumer(itemsConsumer(group, topic, faults, shape));
        running.push(relay, consumer);
        await relay.start();
        await consumer.start();
        return { relay, consumer };
      }
      const noFaults = (): Faults => ({ retriableKeys: new Set(), infrastructureFailuresLeft: 0 });

      it("publishes and consumes every event once, in per-key order", async () => {
        const topic = itemTopic();
        const { relay, consumer } = await start(
          `pin-test-${transport}-basic-${Date.now()}`,
          topic,
          noFaults(),
        );
        const items: ItemPayload[] = [];
        for (let seq = 0; seq < 25; seq++)
          for (const key of ["a", "b", "c", "d"]) items.push({ Key: key, Seq: seq });
        await enqueueItems(db.prisma, topic, items.slice(0, 50), put.clock);
        await enqueueItems(db.prisma, topic, items.slice(50), put.clock);
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        const state = await readItems(db.prisma);
        for (const key of ["a", "b", "c", "d"]) {
          expect(state.get(key)?.seqs).toEqual(Array.from({ length: 25 }, (_, i) => i));
        }
        expect(await metricValue(put.metrics, "pin_consumer_consumed_total", { result: "applied" })).toBe(
          100,
        );
      });

      it("absorbs redelivered messages by the dedup key (skipped-duplicate)", async () => {
        const topic = itemTopic();
        const { relay, consumer } = await start(
          `pin-test-${transport}-dedup-${Date.now()}`,
          topic,
          noFaults(),
        );
        await enqueueItems(
          db.prisma,
          topic,
          [
            { Key: "k", Seq: 1 },
            { Key: "k", Seq: 2 },
          ],
          put.clock,
        );
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        // What a relay crash between publish and mark leaves behind: the same rows published again.
        await db.prisma.$executeRaw`UPDATE platform.outbox SET published_at = NULL WHERE topic = ${topic}`;
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect((await readItems(db.prisma)).get("k")).toEqual({ lastSeq: 2, seqs: [1, 2], applied: 2 });
        expect(await metricValue(put.metrics, "pin_consumer_skipped_duplicate_total")).toBe(2);
        expect(put.logs.filter((l) => l.msg === "skipped-duplicate")).toHaveLength(2);
      });

      it("retriable failure parks the message, retries 30s→16m, then dead-letters it while other keys flow and its key waits", async () => {
        const topic = itemTopic();
        const group = `pin-test-${transport}-retry-${Date.now()}`;
        const faults = noFaults();
        faults.retriableKeys.add("stuck");
        const { relay, consumer } = await start(group, topic, faults);
        await enqueueItems(
          db.prisma,
          topic,
          [
            { Key: "stuck", Seq: 1 },
            { Key: "free", Seq: 1 },
          ],
          put.clock,
        );
        await enqueueItems(
          db.prisma,
          topic,
          [
            { Key: "stuck", Seq: 2 },
            { Key: "free", Seq: 2 },
          ],
          put.clock,
        );
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect((await readItems(db.prisma)).get("free")?.seqs).toEqual([1, 2]);
        const parked = await db.prisma.parkedMessage.findMany({
          where: { groupId: group },
          orderBy: { id: "asc" },
        });
        expect(parked.map((p) => p.attempts)).toEqual([1, 0]);

        for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
          put.clock.advance(delay);
          const failures = i + 2;
          if (failures <= RETRY_DELAYS_MS.length) {
            const parkedRows = () =>
              db.prisma.parkedMessage.findMany({
                where: { groupId: group },
                orderBy: { id: "asc" },
                select: { id: true, attempts: true, nextAttemptAt: true, lastErrorCode: true },
              });
            await eventually(async () => (await parkedRows())[0]?.attempts === failures, {
              report: async () => ({ failures, clock: put.clock.now(), parked: await parkedRows() }),
            });
          }
        }
        // The 7th failure (after the 6th retry) dead-letters the head; the one behind it is next and
        // fails too (the key still fails), so fix the key now and check the follower then applies.
        const dead = await eventually(async () => {
          const rows = await db.prisma.deadLetter.findMany({ where: { groupId: group } });
          return rows.length > 0 ? rows : undefined;
        });
        expect(dead[0]).toMatchObject({ errorCode: "TEST_ITEM_NOT_FOUND", attempts: 7, key: "stuck" });
        faults.retriableKeys.delete("stuck");
        // The follower's failing retry may still be under way when the key is fixed: it then parks
        // again at the clock's new time, one first delay later. Advance the clock while waiting, so
        // whichever retry is pending comes due (the assertion is the same: the follower applies).
        await eventually(
          async () => {
            if ((await readItems(db.prisma)).get("stuck")?.lastSeq === 2) return true;
            put.clock.advance(RETRY_DELAYS_MS[0]!);
            return false;
          },
          { everyMs: 100 },
        );
        expect(
          await metricValue(put.metrics, "pin_consumer_dlq_total", { code: "TEST_ITEM_NOT_FOUND" }),
        ).toBe(1);
        expect(await metricValue(put.metrics, "pin_consumer_retries_total")).toBeGreaterThanOrEqual(7);
      });

      it("non-retriable failure goes to the DLQ at once with all headers while messages behind it keep flowing", async () => {
        const topic = itemTopic();
        const group = `pin-test-${transport}-poison-${Date.now()}`;
        const { relay, consumer } = await start(group, topic, noFaults());
        await enqueueItems(
          db.prisma,
          topic,
          [
            { Key: "p", Seq: 1 },
            { Key: "p", Seq: 2, Fail: "non-retriable" },
            { Key: "p", Seq: 3 },
            { Key: "q", Seq: 1 },
          ],
          put.clock,
        );
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        const state = await readItems(db.prisma);
        expect(state.get("p")?.seqs).toEqual([1, 3]);
        expect(state.get("q")?.seqs).toEqual([1]);
        const [entry] = await db.prisma.deadLetter.findMany({ where: { groupId: group } });
        expect(entry).toMatchObject({ errorCode: "TEST_ITEM_INVALID", attempts: 1, key: "p", topic });
        const copies = await readDlqTopic(transport, db, dlqTopicFor(group), 1);
        const copy = copies[0]!;
        expect(copy.key).toBe("p");
        expect(JSON.parse(copy.value)).toEqual({ Key: "p", Seq: 2, Fail: "non-retriable" });
        for (const h of Object.values(DLQ_HEADER)) expect(copy.headers[h], h).toBeTruthy();
        expect(copy.headers[DLQ_HEADER.errorCode]).toBe("TEST_ITEM_INVALID");
        expect(copy.headers[DLQ_HEADER.sourceTopic]).toBe(topic);
        expect(copy.headers[DLQ_HEADER.attempts]).toBe("1");
        for (const h of [
          HEADER.messageId,
          HEADER.eventType,
          HEADER.contractVersion,
          HEADER.aggregateId,
          HEADER.createdAt,
        ]) {
          expect(copy.headers[h], h).toBeTruthy();
        }
      });

      it("an invalid payload is dead-lettered with EVENT_CONTRACT_INVALID", async () => {
        const topic = itemTopic();
        const group = `pin-test-${transport}-contract-${Date.now()}`;
        const { relay, consumer } = await start(group, topic, noFaults());
        // Bypasses enqueue's produce-side validation, as a foreign producer would.
        await db.prisma.$executeRaw`
        INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
        VALUES (gen_random_uuid(), ${topic}, 'bad', '{"Key":"bad"}'::jsonb,
                jsonb_build_object('messageId', gen_random_uuid()::text, 'eventType', 'item-changed',
                  'contractVersion', 1, 'aggregateId', 'bad', 'aggregateType', 'TestItem',
                  'createdAt', now()::text, 'correlationId', 'c'), now())`;
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        const [entry] = await db.prisma.deadLetter.findMany({ where: { groupId: group } });
        expect(entry?.errorCode).toBe("EVENT_CONTRACT_INVALID");
      });

      it("infrastructure failure pauses and retries the same message without acking it, nothing parked or dead-lettered", async () => {
        const topic = itemTopic();
        const group = `pin-test-${transport}-infra-${Date.now()}`;
        const faults = noFaults();
        faults.infrastructureFailuresLeft = 3;
        const { relay, consumer } = await start(group, topic, faults);
        await enqueueItems(
          db.prisma,
          topic,
          [
            { Key: "i", Seq: 1, Fail: "infrastructure" },
            { Key: "i", Seq: 2 },
          ],
          put.clock,
        );
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect((await readItems(db.prisma)).get("i")?.seqs).toEqual([1, 2]);
        expect(faults.infrastructureFailuresLeft).toBe(0);
        expect(await metricValue(put.metrics, "pin_consumer_infrastructure_errors_total")).toBe(3);
        expect(await db.prisma.parkedMessage.count({ where: { groupId: group } })).toBe(0);
        expect(await db.prisma.deadLetter.count({ where: { groupId: group } })).toBe(0);
      });

      it("optimistic-lock conflicts are re-run at once under a new savepoint; after 3 re-runs the message is parked and retried later in a fresh transaction, not dead-lettered", async () => {
        const topic = itemTopic();
        const group = `pin-test-${transport}-conflict-${Date.now()}`;
        const faults = noFaults();
        faults.conflictsLeft = 2;
        const { relay, consumer } = await start(group, topic, faults);
        await enqueueItems(db.prisma, topic, [{ Key: "race", Seq: 1, Fail: "conflict" }], put.clock);
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect((await readItems(db.prisma)).get("race")?.applied).toBe(1);
        // The optimistic pass (a batch of one too, decision 0624) meets the first conflict and rolls
        // back; the careful pass counts its own: one re-run here.
        expect(await metricValue(put.metrics, "pin_consumer_conflicts_total")).toBe(1);

        faults.conflictsLeft = 10;
        await enqueueItems(db.prisma, topic, [{ Key: "race", Seq: 2, Fail: "conflict" }], put.clock);
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect(faults.conflictsLeft).toBe(5); // the optimistic run, the careful run and its 3 re-runs
        const parked = await db.prisma.parkedMessage.findMany({ where: { groupId: group } });
        expect(parked).toMatchObject([{ key: "race", attempts: 1, lastErrorCode: "CONCURRENCY_CONFLICT" }]);
        expect(await db.prisma.deadLetter.count({ where: { groupId: group } })).toBe(0);
        expect(await metricValue(put.metrics, "pin_consumer_conflicts_total")).toBe(5);

        // the conflict clears; the parked retry comes due and applies in a transaction of its own
        faults.conflictsLeft = 0;
        await eventually(
          async () => {
            if ((await readItems(db.prisma)).get("race")?.seqs.length === 2) return true;
            put.clock.advance(RETRY_DELAYS_MS[0]!);
            return false;
          },
          { everyMs: 100 },
        );
        expect((await readItems(db.prisma)).get("race")?.seqs).toEqual([1, 2]);
        // A redelivery of seq 2 while it was parked (a rebalance under load) waits "parked behind"
        // its key and is drained by the scanner as a duplicate after the retry applied: nothing
        // stays parked, and it is never applied twice (the seqs above, checked again below).
        await eventually(
          async () => {
            const left = await db.prisma.parkedMessage.count({ where: { groupId: group } });
            if (left > 0) put.clock.advance(RETRY_DELAYS_MS[0]!);
            return left;
          },
          { until: (left) => left === 0, everyMs: 100, what: "no message of the group left parked" },
        );
        expect((await readItems(db.prisma)).get("race")?.seqs).toEqual([1, 2]);
        expect(await db.prisma.deadLetter.count({ where: { groupId: group } })).toBe(0);
      });

      it("a failure the consumer classifies as skip is acknowledged with a warning and counted", async () => {
        const topic = itemTopic();
        const group = `pin-test-${transport}-skip-${Date.now()}`;
        const { relay, consumer } = await start(group, topic, noFaults());
        await enqueueItems(
          db.prisma,
          topic,
          [
            { Key: "gap", Seq: 1, Fail: "skip" },
            { Key: "gap", Seq: 2 },
          ],
          put.clock,
        );
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect((await readItems(db.prisma)).get("gap")?.seqs).toEqual([2]);
        expect(await metricValue(put.metrics, "pin_consumer_skipped_total")).toBe(1);
        expect(
          put.logs.some((l) => l.msg === "failure skipped by policy" && l.errorCode === "TEST_ITEM_GAP"),
        ).toBe(true);
        expect(await db.prisma.deadLetter.count({ where: { groupId: group } })).toBe(0);
      });

      it("a contract version other than the expected one is warned about, counted and still processed", async () => {
        const topic = `${itemTopic()}.v2`;
        registerContract(topic, ITEM_SCHEMA);
        const group = `pin-test-${transport}-version-${Date.now()}`;
        const { relay, consumer } = await start(group, topic, noFaults());
        await enqueueItems(db.prisma, topic, [{ Key: "v2", Seq: 1 }], put.clock);
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect((await readItems(db.prisma)).get("v2")?.applied).toBe(1);
        expect(await metricValue(put.metrics, "pin_consumer_contract_mismatch_total", { topic })).toBe(1);
        expect(
          put.logs.some((l) => l.msg === "contract version mismatch" && l.got === 2 && l.expected === 1),
        ).toBe(true);
      });

      it("replays dead letters to their group and a group from the beginning without changing its state", async () => {
        const topic = itemTopic();
        const group = `pin-test-${transport}-replay-${Date.now()}`;
        const faults = noFaults();
        const { relay, consumer } = await start(group, topic, faults);
        await enqueueItems(
          db.prisma,
          topic,
          [
            { Key: "r", Seq: 1 },
            { Key: "r", Seq: 2, Fail: "non-retriable" },
            { Key: "s", Seq: 1 },
          ],
          put.clock,
        );
        await relay.whenCaughtUp?.();
        await consumer.whenCaughtUp?.();
        expect(await db.prisma.deadLetter.count({ where: { groupId: group, replayedAt: null } })).toBe(1);

        // DLQ replay goes through the handler again (here it still fails: back to the DLQ, counted).
        expect(await replayDeadLetters(db.prisma, put.clock, { group })).toBe(1);
        await eventually(async () => (await metricValue(put.metrics, "pin_consumer_dlq_total")) === 2);
        // The metric is counted inside the parked retry's transaction, before it commits: wait for
        // the row too (seen once as a race: replayedAt still set right after the metric moved).
        const again = await eventually(async () => {
          const row = await db.prisma.deadLetter.findFirst({ where: { groupId: group } });
          return row?.replayedAt === null ? row : undefined;
        });
        expect(again).toMatchObject({ replayCount: 1, replayedAt: null });

        const before = JSON.stringify([...(await readItems(db.prisma))]);
        await consumer.stop();
        await resetConsumerGroup({
          db: db.prisma,
          kafkaBrokers: transport === "kafka" ? kafkaBrokers() : null,
          group,
          topics: [topic],
          from: "beginning",
          forgetDedup: true,
        });
        const rerun = put.platform.runConsumer(itemsConsumer(group, topic, faults, shape));
        running.push(rerun);
        await rerun.start();
        await rerun.whenCaughtUp?.();
        expect(JSON.stringify([...(await readItems(db.prisma))])).toBe(before);
        expect(await metricValue(put.metrics, "pin_consumer_stale_total")).toBeGreaterThanOrEqual(2);
      });
    },
  );
});
