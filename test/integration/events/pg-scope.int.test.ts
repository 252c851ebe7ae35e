import { afterAll, beforeAll, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { pgPoolOf } from "../../../src/platform/db/prisma-client.js";
import { DomainError } from "../../../src/platform/errors/domain-error.js";
import { dedupKeyHash } from "../../../src/platform/events/consumer/dedup-key.js";
import { defineConsumer, type PgTx, pgScope } from "../../../src/platform/events/consumer/definition.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import { type ItemPayload, itemTopic } from "./harness.js";
import { testProcessor, wireItem } from "./processor-harness.js";

/**
 * Decision 0505: pgScope runs a batch's transaction on a raw `pg` connection. The guarantee is the
 * PostgreSQL scope's: the handlers' writes and the dedup marks commit together, a failing message's
 * writes are undone under its savepoint, a batch that yields leaves nothing behind, and a
 * redelivery is a duplicate.
 */
/** A migrated database with the handlers' table pgscope.items (key → highest seq). */
async function databaseWithItems(prefix: string): Promise<MigratedDatabase> {
  const database = await createMigratedDatabase(prefix);
  await database.prisma.$executeRaw`CREATE SCHEMA IF NOT EXISTS pgscope`;
  await database.prisma.$executeRaw`CREATE TABLE pgscope.items (key TEXT PRIMARY KEY, seq INTEGER NOT NULL)`;
  return database;
}

describeWithService("postgres", "pgScope: one pg transaction per batch", () => {
  let database: MigratedDatabase;
  const group = `pin-test-pg-scope-${Date.now()}`;
  const topic = itemTopic("pin.test.pg-scope");

  beforeAll(async () => {
    database = await databaseWithItems("pg_scope");
  });
  afterAll(async () => {
    await database?.drop();
  });

  class Poison extends DomainError {
    constructor() {
      super("PG_SCOPE_POISON", "poison item");
    }
  }

  const consumer = (calls: { n: number }) =>
    defineConsumer<Record<string, ItemPayload>, PgTx>({
      group,
      scope: pgScope(),
      topics: [topic],
      policy: { nonRetriableCodes: ["PG_SCOPE_POISON"] },
      async handleBatch(messages, { tx }) {
        calls.n += 1;
        await tx.query(
          `INSERT INTO pgscope.items (key, seq) SELECT * FROM unnest($1::text[], $2::int[])
           ON CONFLICT (key) DO UPDATE SET seq = EXCLUDED.seq`,
          [messages.map((m) => m.payload.Key), messages.map((m) => m.payload.Seq)],
        );
        if (messages.some((m) => m.payload.Fail === "infrastructure"))
          throw Object.assign(new Error("connection terminated"), { code: "ECONNRESET" });
        if (messages.some((m) => m.payload.Fail === "non-retriable")) throw new Poison();
      },
    });

  const rows = async () =>
    (
      await database.prisma.$queryRaw<Array<{ key: string; seq: number }>>`
      SELECT key, seq FROM pgscope.items ORDER BY key`
    ).map((r) => `${r.key}=${r.seq}`);
  const marked = async (messageIds: readonly string[]) =>
    (
      await database.prisma.$queryRawUnsafe<Array<{ n: number }>>(
        "SELECT count(*)::int AS n FROM platform.processed_messages WHERE dedup_hash = ANY($1::bytea[])",
        messageIds.map((id) => dedupKeyHash(`${group}:${topic}:${id}`)),
      )
    )[0]?.n;

  it("writes and marks commit together; the same messages again are duplicates and run nothing", async () => {
    const calls = { n: 0 };
    const processor = testProcessor(consumer(calls), database.prisma);
    const batch = ["a", "b", "c"].map((Key, i) =>
      wireItem(topic, { Key, Seq: i + 1 }, { offset: i, messageId: `ok-${Key}` }),
    );
    expect(await processor.processBatch(batch)).toEqual({
      kind: "done",
      results: ["applied", "applied", "applied"],
    });
    expect(await rows()).toEqual(["a=1", "b=2", "c=3"]);
    expect(await marked(["ok-a", "ok-b", "ok-c"])).toBe(3);

    const again = await processor.processBatch(batch);
    expect(again).toEqual({ kind: "done", results: Array(3).fill("skipped-duplicate") });
    expect(calls.n).toBe(1);
  });

  it("a poison message is dead-lettered without its write or its mark; the rest commit", async () => {
    const calls = { n: 0 };
    const sent: string[] = [];
    const processor = testProcessor(consumer(calls), database.prisma, {
      send: async (m) => {
        sent.push(m.key);
      },
    });
    const batch = [
      wireItem(topic, { Key: "d", Seq: 4 }, { offset: 10, messageId: "p-d" }),
      wireItem(topic, { Key: "poison", Seq: 5, Fail: "non-retriable" }, { offset: 11, messageId: "p-x" }),
      wireItem(topic, { Key: "e", Seq: 6 }, { offset: 12, messageId: "p-e" }),
    ];
    const outcome = await processor.processBatch(batch);
    expect(outcome).toEqual({ kind: "done", results: ["applied", "dead-lettered", "applied"] });
    expect(sent).toEqual(["poison"]);
    expect(await rows()).toEqual(["a=1", "b=2", "c=3", "d=4", "e=6"]);
    expect(await marked(["p-d", "p-e"])).toBe(2);
    expect(await marked(["p-x"])).toBe(0);
  });

  it("a batch that meets an infrastructure failure leaves nothing: no write, no mark, read again", async () => {
    const processor = testProcessor(consumer({ n: 0 }), database.prisma);
    const batch = [
      wireItem(topic, { Key: "f", Seq: 7 }, { offset: 20, messageId: "i-f" }),
      wireItem(topic, { Key: "g", Seq: 8, Fail: "infrastructure" }, { offset: 21, messageId: "i-g" }),
    ];
    const outcome = await processor.processBatch(batch);
    expect(outcome.kind).toBe("infrastructure");
    expect(await rows()).not.toContain("f=7");
    expect(await marked(["i-f", "i-g"])).toBe(0);
    // the connection went back to the pool in a clean state: the next batch commits
    const next = await processor.processBatch([
      wireItem(topic, { Key: "f", Seq: 9 }, { offset: 20, messageId: "i-f" }),
    ]);
    expect(next).toEqual({ kind: "done", results: ["applied"] });
    expect(await rows()).toContain("f=9");
  });
});

/**
 * Decision 0540: pgScope({ marks: false }) for handlers idempotent by construction. The batch is
 * still one transaction; no message is marked, so a redelivery runs again and the handler's own
 * guard (here: a sequence-guarded upsert) makes it change nothing. A key with a parked message
 * still waits behind it unless the consumer declared its keys' order irrelevant.
 */
describeWithService(
  "postgres",
  "pgScope({ marks: false }): the handler's idempotency instead of marks",
  () => {
    let database: MigratedDatabase;
    const topic = itemTopic("pin.test.pg-scope-unmarked");

    beforeAll(async () => {
      database = await databaseWithItems("pg_scope_unmarked");
    });
    afterAll(async () => {
      await database?.drop();
    });

    const consumer = (group: string, keyOrder: "kept" | "irrelevant", calls: { n: number }) =>
      defineConsumer<Record<string, ItemPayload>, PgTx>({
        group,
        scope: pgScope({ marks: false }),
        ordering: { keyOrder },
        topics: [topic],
        async handleBatch(messages, { tx }) {
          calls.n += 1;
          await tx.query(
            `INSERT INTO pgscope.items (key, seq) SELECT * FROM unnest($1::text[], $2::int[])
           ON CONFLICT (key) DO UPDATE SET seq = EXCLUDED.seq WHERE pgscope.items.seq < EXCLUDED.seq`,
            [messages.map((m) => m.payload.Key), messages.map((m) => m.payload.Seq)],
          );
        },
      });
    const rows = async () =>
      (
        await database.prisma.$queryRaw<Array<{ key: string; seq: number }>>`
      SELECT key, seq FROM pgscope.items ORDER BY key`
      ).map((r) => `${r.key}=${r.seq}`);
    const marksOf = async (group: string) =>
      (
        await database.prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM platform.processed_messages WHERE group_id = ${group}`
      )[0]?.n;

    it("commits the writes and no mark; a redelivery runs again and changes nothing", async () => {
      const group = `pin-test-pg-unmarked-a-${Date.now()}`;
      const calls = { n: 0 };
      const processor = testProcessor(consumer(group, "irrelevant", calls), database.prisma);
      const batch = [
        wireItem(topic, { Key: "a", Seq: 2 }, { offset: 0, messageId: "u-a2" }),
        wireItem(topic, { Key: "b", Seq: 1 }, { offset: 1, messageId: "u-b1" }),
      ];
      const older = [wireItem(topic, { Key: "a", Seq: 1 }, { offset: 2, messageId: "u-a1" })];
      expect(await processor.processBatch(batch)).toEqual({ kind: "done", results: ["applied", "applied"] });
      expect(await processor.processBatch(older)).toEqual({ kind: "done", results: ["applied"] });
      expect(await rows()).toEqual(["a=2", "b=1"]);
      expect(await marksOf(group)).toBe(0);
      // the same messages again (a replay after a crash before the offset commit): they run again
      expect(await processor.processBatch([...batch, ...older])).toEqual({
        kind: "done",
        results: ["applied", "applied", "applied"],
      });
      expect(calls.n).toBe(3);
      expect(await rows()).toEqual(["a=2", "b=1"]);
      expect(await marksOf(group)).toBe(0);
    });

    it("keyOrder kept: a key with a parked message waits behind it; keyOrder irrelevant: it does not", async () => {
      const kept = `pin-test-pg-unmarked-k-${Date.now()}`;
      const free = `pin-test-pg-unmarked-f-${Date.now()}`;
      for (const group of [kept, free])
        await database.prisma.$executeRaw`
        INSERT INTO platform.parked_messages
          (group_id, topic, key, partition, "offset", value, headers, attempts, next_attempt_at, parked_at)
        VALUES (${group}, ${topic}, 'held', 0, '0', '{}', '{}'::jsonb, 1, now() + interval '1 hour', now())`;
      const batch = [
        wireItem(topic, { Key: "held", Seq: 5 }, { offset: 30, messageId: "h-5" }),
        wireItem(topic, { Key: "c", Seq: 5 }, { offset: 31, messageId: "c-5" }),
      ];
      const keptOutcome = await testProcessor(consumer(kept, "kept", { n: 0 }), database.prisma).processBatch(
        batch,
      );
      expect(keptOutcome).toEqual({ kind: "done", results: ["parked-behind", "applied"] });
      expect(await rows()).not.toContain("held=5");
      const freeOutcome = await testProcessor(
        consumer(free, "irrelevant", { n: 0 }),
        database.prisma,
      ).processBatch(batch);
      expect(freeOutcome).toEqual({ kind: "done", results: ["applied", "applied"] });
      expect(await rows()).toContain("held=5");
    });
  },
);

describeWithService(
  "postgres",
  "pgScope: a transaction PostgreSQL aborted is never reported committed",
  () => {
    let database: MigratedDatabase;
    beforeAll(async () => {
      database = await createMigratedDatabase("pg_scope_abort");
    });
    afterAll(async () => {
      await database?.drop();
    });

    it("COMMIT after a failed statement (answered ROLLBACK) throws, and the connection is usable again", async () => {
      const pool = pgPoolOf(database.prisma);
      if (!pool) throw new Error("no pool");
      const scope = pgScope()({
        db: database.prisma,
        pool,
        group: "pin-test-abort",
        clock: new ManualClock(new Date()),
      });
      const session = await scope.begin();
      await session.mark?.([dedupKeyHash("pin-test-abort:t:1")]);
      // a failed statement outside any savepoint aborts the transaction
      await expect(session.writer.query("SELECT 1/0")).rejects.toThrow(/division by zero/);
      await expect(session.commit()).rejects.toThrow(/aborted/);
      const marks = await pool.query("SELECT count(*)::int AS n FROM platform.processed_messages");
      expect(marks.rows[0].n).toBe(0);
      const next = await scope.begin();
      expect(await next.mark?.([dedupKeyHash("pin-test-abort:t:2")])).toHaveProperty("size", 1);
      await next.commit();
    });
  },
);
