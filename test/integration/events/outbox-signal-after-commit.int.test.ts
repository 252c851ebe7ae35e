import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { pgPoolOf } from "../../../src/platform/db/prisma-client.js";
import { COMMIT_CHANNEL } from "../../../src/platform/events/commit-signals.js";
import { registerContract } from "../../../src/platform/events/contracts/registry.js";
import { signalOutboxAfterCommit } from "../../../src/platform/events/outbox/after-commit-signal.js";
import { type CommitSignal, outboxInsert } from "../../../src/platform/events/outbox/enqueue.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";

// Decision 0500: a NOTIFY inside a writing transaction holds PostgreSQL's notify lock through the
// commit's WAL flush (outbox-writing commits queue one behind the other). A writer on the pg pool
// (crm's commands) sets pin.commit_signal in its statement, the outbox trigger then stays silent,
// and the writer sends the signal once committed.
const QUIET_MS = 700;
const topic = `pin.test.after-commit-${Date.now().toString(36)}.v1`;
let database: MigratedDatabase;
let listener: pg.Client;
const received: string[] = [];

beforeAll(async () => {
  registerContract(topic, { type: "object" });
  database = await createMigratedDatabase("outbox_after_commit");
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  listener.on("notification", (n) => received.push(n.channel));
  await listener.query(`LISTEN ${COMMIT_CHANNEL.outbox}`);
});
afterAll(async () => {
  await listener?.end();
  await database?.drop();
});

async function writeRow(pool: pg.Pool, signal: CommitSignal): Promise<void> {
  const key = randomUUID();
  const { sql } = outboxInsert(
    [{ topic, key, aggregateType: "Thing", payload: { Id: key } }],
    new ManualClock(new Date()),
    undefined,
    signal,
  );
  const result = await pool.query(sql.text, sql.values);
  expect(result.rowCount).toBe(1);
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

describe("the outbox's commit signal after commit (decision 0500)", () => {
  it("a row written with signal 'after-commit' commits without the trigger's NOTIFY; signalOutboxAfterCommit sends it", async () => {
    const pool = pgPoolOf(database.prisma)!;
    received.length = 0;
    await writeRow(pool, "after-commit");
    await quiet();
    expect(received, "no NOTIFY from the writing transaction").toEqual([]);

    signalOutboxAfterCommit(pool);
    await eventually(() => received.length, { until: (n) => n >= 1, what: "the signal", timeoutMs: 5_000 });
    expect(received[0]).toBe(COMMIT_CHANNEL.outbox);
  });

  it("the setting is transaction-local: the next default write on the same connection is signalled by the trigger", async () => {
    const pool = pgPoolOf(database.prisma)!;
    const client = await pool.connect();
    const single = { query: client.query.bind(client) } as unknown as pg.Pool;
    try {
      await writeRow(single, "after-commit");
      await quiet();
      received.length = 0;
      await writeRow(single, "in-transaction");
      await eventually(() => received.length, {
        until: (n) => n >= 1,
        what: "the trigger's NOTIFY",
        timeoutMs: 5_000,
      });
    } finally {
      client.release();
    }
  });

  it("many signals while one is on its way are coalesced, and the last one is still sent", async () => {
    const pool = pgPoolOf(database.prisma)!;
    await quiet();
    received.length = 0;
    for (let i = 0; i < 50; i++) signalOutboxAfterCommit(pool);
    await eventually(() => received.length, { until: (n) => n >= 1, what: "the signal", timeoutMs: 5_000 });
    await quiet();
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.length).toBeLessThanOrEqual(2);
  });
});
