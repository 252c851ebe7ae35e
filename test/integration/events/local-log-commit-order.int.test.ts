import { afterAll, beforeAll, expect, it } from "vitest";
import { prismaRunner } from "../../../src/platform/db/sql-runner.js";
import { START_POSITION } from "../../../src/platform/events/local/local-log.js";
import { appendToLog } from "../../../src/platform/events/local/sql/append.js";
import { readCommitted } from "../../../src/platform/events/local/sql/read-committed.js";
import { enqueue } from "../../../src/platform/events/outbox/enqueue.js";
import { headersOf } from "../../../src/platform/events/wire.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { createItemsTable, itemsConsumer, itemTopic, noFaults, platformFor, readItems } from "./harness.js";

function message(topic: string, key: string, seq: number) {
  return {
    topic,
    key,
    value: JSON.stringify({ Key: key, Seq: seq }),
    headers: headersOf({
      messageId: crypto.randomUUID(),
      eventType: "item-changed",
      contractVersion: 1,
      aggregateId: key,
      aggregateType: "TestItem",
      createdAt: new Date().toISOString(),
      correlationId: "c",
      causationId: null,
      traceparent: null,
    }),
  };
}

describeWithService("postgres", "local event log commit order", () => {
  let db: MigratedDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase("events_local_order");
    await createItemsTable(db.prisma);
  });
  afterAll(async () => db?.drop());

  it("enqueue validates the payload against the topic's contract in every environment and writes nothing when invalid", async () => {
    const topic = itemTopic();
    const write = db.prisma.$transaction(async (tx) => {
      await enqueue(tx, { topic, key: "k", aggregateType: "TestItem", payload: { Key: "k" } });
    });
    await expect(write).rejects.toMatchObject({ code: "EVENT_CONTRACT_INVALID" });
    expect(await db.prisma.outboxMessage.count({ where: { topic } })).toBe(0);
    const metadata = await db.prisma.$transaction((tx) =>
      enqueue(tx, {
        topic,
        key: "k",
        aggregateType: "TestItem",
        payload: { Key: "k", Seq: 1 },
        causationId: "m-0",
      }),
    );
    expect(metadata).toMatchObject({
      eventType: "item-changed",
      contractVersion: 1,
      aggregateId: "k",
      causationId: "m-0",
    });
    expect(metadata.correlationId).toBe(metadata.messageId);
  });

  it("a row with a lower id that commits after a higher one is held back, then delivered, never skipped", async () => {
    const topic = itemTopic();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let appended!: () => void;
    const firstAppended = new Promise<void>((r) => {
      appended = r;
    });
    // Transaction A appends first (lower id) and stays open; B appends later and commits first.
    const txA = db.prisma.$transaction(
      async (tx) => {
        await appendToLog(prismaRunner(tx), [message(topic, "early-id", 1)]);
        appended();
        await gate;
      },
      { timeout: 60_000 },
    );
    await firstAppended;
    await appendToLog(prismaRunner(db.prisma), [message(topic, "late-id", 1)]);

    // An id cursor would read "late-id" now and move past "early-id" for good.
    expect(await readCommitted(db.prisma, topic, START_POSITION, 10)).toEqual([]);

    const p = platformFor("local", db.prisma);
    const consumer = p.platform.runConsumer(
      itemsConsumer(`pin-test-local-order-${Date.now()}`, topic, noFaults()),
    );
    await consumer.start();
    try {
      release();
      await txA;
      await eventually(async () => (await readItems(db.prisma)).size === 2);
      const rows = await readCommitted(db.prisma, topic, START_POSITION, 10);
      expect(rows.map((r) => r.key)).toEqual(["early-id", "late-id"]);
      expect(rows[0]!.id < rows[1]!.id).toBe(true);
    } finally {
      await consumer.stop();
      await p.platform.close();
    }
  });
});
