import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { prismaRunner } from "../../../src/platform/db/sql-runner.js";
import { START_POSITION } from "../../../src/platform/events/local/local-log.js";
import { appendToLog } from "../../../src/platform/events/local/sql/append.js";
import { readCommitted, readLog } from "../../../src/platform/events/local/sql/read-committed.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { createTestDatabase, describeWithService, type TestDatabase } from "../../support/services.js";

// Decision 0470: the local log's delivery horizon is per database. A transaction of ANOTHER
// database no longer holds this database's rows back; a transaction of THIS database still does,
// whether or not it has appended yet.

const row = (topic: string, key: string) => ({ topic, key, value: "{}", headers: { "event-type": "t" } });

/** A transaction left open on `url` with its xid assigned; `end()` commits it. */
async function openTransaction(
  url: string,
): Promise<{ xid: bigint; client: pg.Client; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: "pin-test-horizon-blocker" });
  await client.connect();
  await client.query("BEGIN");
  const { rows } = await client.query<{ xid: string }>("SELECT pg_current_xact_id()::text AS xid");
  return {
    xid: BigInt(rows[0]!.xid),
    client,
    async end() {
      await client.query("COMMIT");
      await client.end();
    },
  };
}

async function stillRunning(db: Db, xid: bigint): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ running: boolean }>>`
    SELECT pg_xact_status(${xid.toString()}::xid8) = 'in progress' AS running`;
  return rows[0]?.running === true;
}

describeWithService("postgres", "local event log horizon per database", () => {
  let db: MigratedDatabase;
  let other: TestDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase("events_local_horizon");
    other = await createTestDatabase("events_local_horizon_other");
  });
  afterAll(async () => {
    await db?.drop();
    await other?.drop();
  });

  it("a long transaction of another database does not hold this database's rows back", async () => {
    const blocker = await openTransaction(other.url);
    try {
      const topic = `pin.test.horizon.${Date.now()}`;
      await appendToLog(prismaRunner(db.prisma), [row(topic, "after-other")]);
      const [appended] = await db.prisma.$queryRaw<Array<{ tx: string; xmin: string }>>`
        SELECT tx_id::text AS tx, pg_snapshot_xmin(pg_current_snapshot())::text AS xmin
        FROM platform.event_log WHERE topic = ${topic}`;
      // The row is younger than the other database's transaction: the cluster-wide xmin (the
      // horizon before 0470) is at or below that transaction, so it would hold the row back.
      expect(BigInt(appended!.tx)).toBeGreaterThan(blocker.xid);
      expect(BigInt(appended!.xmin)).toBeLessThanOrEqual(blocker.xid);

      const rows = await eventually(() => readCommitted(db.prisma, topic, START_POSITION, 10), {
        until: (r) => r.length > 0,
        what: "the row delivered while the other database's transaction is open",
        timeoutMs: 20_000,
      });
      expect(rows.map((r) => r.key)).toEqual(["after-other"]);
      expect(await stillRunning(db.prisma, blocker.xid)).toBe(true);
    } finally {
      await blocker.end();
    }
  });

  it("a transaction of this database with an xid but no row yet holds later rows back; its row comes first", async () => {
    const topic = `pin.test.horizon.${Date.now()}`;
    const early = await openTransaction(db.url);
    let committed = false;
    try {
      // A later transaction appends and commits; the open one may still append with a smaller tx_id.
      await appendToLog(prismaRunner(db.prisma), [row(topic, "late")]);
      expect(await readCommitted(db.prisma, topic, START_POSITION, 10)).toEqual([]);
      // Committed, held back: the reader is told so (decision 0620), without the row's content.
      expect(await readLog(db.prisma, topic, START_POSITION, 10)).toEqual({ rows: [], heldBack: true });
      await early.client.query(
        `INSERT INTO platform.event_log (topic, key, value, headers) VALUES ($1, 'early', '{}', '{}'::jsonb)`,
        [topic],
      );
      expect(await readCommitted(db.prisma, topic, START_POSITION, 10)).toEqual([]);
      await early.end();
      committed = true;
    } finally {
      if (!committed) await early.end();
    }
    const rows = await eventually(() => readCommitted(db.prisma, topic, START_POSITION, 10), {
      until: (r) => r.length === 2,
      what: "both rows once the early transaction committed",
      timeoutMs: 20_000,
    });
    // Commit order is (tx_id, id): the early transaction's row first although its id is higher.
    expect(rows.map((r) => r.key)).toEqual(["early", "late"]);
    expect(rows[0]!.id > rows[1]!.id).toBe(true);
    expect(BigInt(rows[0]!.tx_id)).toBe(early.xid);
    expect((await readLog(db.prisma, topic, START_POSITION, 10)).heldBack).toBe(false);
  });

  it("rows come in numeric (tx_id, id) order across a power of ten, a held-back row after them all", async () => {
    // Session 22: the read sorted the text of tx_id ("10" before "8"); with a held-back row sorted in
    // between, the read ended before the smaller ids and the reader's offset moved past them for good.
    const topic = `pin.test.horizon.digits.${Date.now()}`;
    const early = await openTransaction(db.url);
    try {
      // Committed but younger than the open transaction: held back.
      await appendToLog(prismaRunner(db.prisma), [row(topic, "held")]);
      // Long-ended transactions' rows (the tx_ids of a young cluster): all below the horizon.
      for (const [txId, key] of [
        ["8", "tx-8"],
        ["9", "tx-9"],
        ["10", "tx-10"],
      ] as const) {
        await db.prisma.$executeRaw`
          INSERT INTO platform.event_log (tx_id, topic, key, value, headers)
          VALUES (${txId}::xid8, ${topic}, ${key}, '{}', '{}'::jsonb)`;
      }
      const read = await readLog(db.prisma, topic, START_POSITION, 10);
      expect(read.rows.map((r) => r.key)).toEqual(["tx-8", "tx-9", "tx-10"]);
      expect(read.heldBack).toBe(true);
      // From the last of them, only the held row is left, once the open transaction ends.
      const last = read.rows.at(-1)!;
      await early.end();
      const rest = await eventually(
        () => readCommitted(db.prisma, topic, { txId: last.tx_id, id: last.id }, 10),
        {
          until: (r) => r.length === 1,
          what: "the held row once the open transaction ended",
          timeoutMs: 20_000,
        },
      );
      expect(rest.map((r) => r.key)).toEqual(["held"]);
    } catch (error) {
      await early.end().catch(() => {});
      throw error;
    }
  });

  it("a transaction whose earlier statement read pg_stat_activity (cached from before the snapshot) falls back to the cluster-wide xmin", async () => {
    const topic = `pin.test.horizon.${Date.now()}`;
    const blocker = await openTransaction(other.url);
    try {
      await appendToLog(prismaRunner(db.prisma), [row(topic, "after-other")]);
      await eventually(() => readCommitted(db.prisma, topic, START_POSITION, 10), {
        until: (r) => r.length === 1,
        what: "the row delivered outside a transaction",
        timeoutMs: 20_000,
      });
      // An earlier statement of the transaction read pg_stat_activity: its copy predates the
      // statement's snapshot, so the read falls back to the cluster-wide xmin (held back).
      const afterEarlierRead = await db.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT count(*) FROM pg_stat_activity`;
        return readCommitted(tx, topic, START_POSITION, 10);
      });
      expect(afterEarlierRead).toEqual([]);
      // The first read of pg_stat_activity in a transaction is made after the snapshot: per database.
      const firstRead = await db.prisma.$transaction(async (tx) =>
        readCommitted(tx, topic, START_POSITION, 10),
      );
      expect(firstRead.map((r) => r.key)).toEqual(["after-other"]);
      expect(await stillRunning(db.prisma, blocker.xid)).toBe(true);
    } finally {
      await blocker.end();
    }
  });
});
