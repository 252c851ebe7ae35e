import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createGroupLocks } from "../../../src/platform/events/local/group-locks.js";
import { createLogger } from "../../../src/platform/log/logger.js";
import { createTestDatabase, describeWithService, type TestDatabase } from "../../support/services.js";

/**
 * The local log's group locks (decision 0330): one reader per consumer group across processes
 * and within one, on a connection outside the pool; a lost connection gives its locks up and the
 * next acquire connects again.
 */
const log = createLogger({ level: "silent", pretty: false });

describeWithService(["postgres"], "local log group locks (decision 0330)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("group_locks");
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("one holder per group: another process and a second runner of this process are refused until release", async () => {
    const a = createGroupLocks(database.url, log);
    const b = createGroupLocks(database.url, log);
    try {
      expect(await a.tryAcquire("g1")).toBe(true);
      expect(await a.tryAcquire("g1"), "a second runner in the same process").toBe(false);
      expect(await b.tryAcquire("g1"), "another process").toBe(false);
      expect(await b.tryAcquire("g2"), "another group").toBe(true);
      await a.release("g1");
      expect(await b.tryAcquire("g1")).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("the lock connection killed: its locks are free for others, and the next acquire reconnects", async () => {
    const a = createGroupLocks(database.url, log);
    const b = createGroupLocks(database.url, log);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      expect(await a.tryAcquire("g3")).toBe(true);
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'pin-local-group-locks' AND datname = current_database() AND pid <> pg_backend_pid()",
      );
      let taken = false;
      for (let i = 0; i < 50 && !taken; i++) {
        taken = await b.tryAcquire("g3").catch(() => false);
        if (!taken) await new Promise((r) => setTimeout(r, 100));
      }
      expect(taken, "the killed session's lock is free").toBe(true);
      await b.release("g3");
      let again = false;
      for (let i = 0; i < 50 && !again; i++) {
        again = await a.tryAcquire("g3").catch(() => false);
        if (!again) await new Promise((r) => setTimeout(r, 100));
      }
      expect(again, "the process whose connection was killed acquires again").toBe(true);
    } finally {
      await admin.end();
      await Promise.all([a.close(), b.close()]);
    }
  });
});
