import { Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCrmMetrics } from "../../../src/domain/crm/crm.metrics.js";
import { createCrmCommands } from "../../../src/domain/crm/crm-commands.js";
import type { Clock } from "../../../src/platform/clock/clock.js";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { enqueue } from "../../../src/platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";
import { itemTopic, platformFor } from "../events/harness.js";
import { START, seedEngagedDeal, seedPropertyObject, viewers } from "./crm-fixtures.js";

/** A clock that moves on by 1 ms every time it is read, as real time does between two reads. */
class TickingClock implements Clock {
  private current: number;
  constructor(start: string) {
    this.current = Date.parse(start);
  }
  now(): Date {
    this.current += 1;
    return new Date(this.current);
  }
}

let database: MigratedDatabase;
beforeAll(async () => {
  database = await createMigratedDatabase("crm_event_time");
});
afterAll(async () => {
  await database?.drop();
});

describeWithService(
  ["postgres"],
  "the created-at header is the event's business time (issue 14, item 2)",
  () => {
    it("booking-created and booking-confirmed carry CreatedAt / ConfirmedAt in their created-at header", async () => {
      const db = database.prisma;
      const clock = new TickingClock(START);
      const metrics = createCrmMetrics(createMetricsRegistry());
      const commands = createCrmCommands({ db, clock, log: createMemoryLogger().logger, metrics });
      const dealId = await seedEngagedDeal(db);
      const propertyObjectId = await seedPropertyObject(db);
      const created = await commands.createBooking(viewers.agent, { dealId, propertyObjectId });
      await commands.confirmBooking(viewers.agent, created.booking.id);

      const rows = await db.outboxMessage.findMany({
        where: { key: created.booking.id },
        orderBy: { id: "asc" },
      });
      const byTopic = new Map(rows.map((r) => [r.topic, r]));
      const createdRow = byTopic.get(TOPIC.bookingCreated)!;
      const confirmedRow = byTopic.get(TOPIC.bookingConfirmed)!;
      const meta = (row: typeof createdRow) => row.metadata as { createdAt: string };
      const payload = (row: typeof createdRow) => row.payload as Record<string, string>;
      expect(meta(createdRow).createdAt).toBe(payload(createdRow).CreatedAt);
      expect(meta(confirmedRow).createdAt).toBe(payload(confirmedRow).ConfirmedAt);
      // The outbox row's own created_at stays the enqueue time (backlog age), after the business time.
      expect(confirmedRow.createdAt.getTime()).toBeGreaterThan(
        Date.parse(payload(confirmedRow).ConfirmedAt!),
      );
    });
  },
);

describeWithService(["postgres", "kafka"], "the Kafka record timestamp is the event's business time", () => {
  it("a published record's timestamp equals its created-at header, the occurredAt given to enqueue", async () => {
    const put = platformFor("kafka", database.prisma);
    const topic = itemTopic("pin.test.occurred-at");
    const occurredAt = new Date("2026-02-03T04:05:06.789Z");
    await database.prisma.$transaction((tx) =>
      enqueue(
        tx,
        { topic, key: "k1", aggregateType: "TestItem", payload: { Key: "k1", Seq: 1 }, occurredAt },
        put.clock,
      ),
    );
    const relay = put.platform.startRelay();
    await relay.start();
    await relay.whenCaughtUp?.();
    await relay.stop();
    await put.platform.close();

    const kafka = new Kafka({
      clientId: "occurred-at-reader",
      brokers: kafkaBrokers(),
      logLevel: logLevel.NOTHING,
    });
    const consumer = kafka.consumer({ groupId: `occurred-at-reader-${Date.now()}` });
    const seen: Array<{ timestamp: string; createdAt: string }> = [];
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        seen.push({
          timestamp: message.timestamp,
          createdAt: String(message.headers?.[HEADER.createdAt] ?? ""),
        });
      },
    });
    await eventually(async () => seen.length >= 1);
    await consumer.disconnect();
    expect(seen[0]).toEqual({ timestamp: String(occurredAt.getTime()), createdAt: occurredAt.toISOString() });
  });
});
