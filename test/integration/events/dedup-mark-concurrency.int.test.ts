import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runMigrations } from "../../../src/platform/db/migrations/run-migrations.js";
import { pgRunner } from "../../../src/platform/db/sql-runner.js";
import { dedupKeyHash } from "../../../src/platform/events/consumer/dedup-key.js";
import { markProcessed } from "../../../src/platform/events/consumer/sql/mark-processed.js";
import { markUnlessParked } from "../../../src/platform/events/consumer/sql/mark-unless-parked.js";
import { createLogger } from "../../../src/platform/log/logger.js";
import { createTestDatabase, describeWithService, type TestDatabase } from "../../support/services.js";

const GROUP = "pin-test-mark-race";
const TOPIC = "pin.crm.booking-created.v1";
const log = createLogger({ level: "warn", pretty: false });
const keyOf = (id: string) => dedupKeyHash(`${GROUP}:${TOPIC}:${id}`);

/**
 * Decision 0538: the marks' uniqueness is an exclusion constraint on a hash index, not a B-tree
 * primary key. What the runtime relies on must hold as before: two transactions marking the same
 * message at once (a partition's old holder still finishing a batch after a rebalance, and its new
 * holder reading the same messages) apply it once — the second waits for the first and then finds
 * the key marked; if the first rolls back, the second marks it.
 */
describeWithService(
  "postgres",
  "dedup marks under concurrent transactions (hash exclusion constraint)",
  () => {
    let database: TestDatabase;
    let pool: pg.Pool;

    beforeAll(async () => {
      database = await createTestDatabase("mark_race");
      await runMigrations({ url: database.url, log });
      pool = new pg.Pool({ connectionString: database.url, max: 4 });
    });
    afterAll(async () => {
      await pool?.end();
      await database?.drop();
    });

    async function inTx<T>(fn: (client: pg.PoolClient) => Promise<T>) {
      const client = await pool.connect();
      await client.query("BEGIN");
      return {
        client,
        result: await fn(client),
        async end(how: "COMMIT" | "ROLLBACK") {
          await client.query(how);
          client.release();
        },
      };
    }

    /** Whether `promise` is still pending after `ms` (a transaction waiting on a lock). */
    async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
      const pending = Symbol("pending");
      const first = await Promise.race([promise, new Promise((r) => setTimeout(() => r(pending), ms))]);
      return first === pending;
    }

    it("the table's uniqueness is a hash exclusion constraint and processed_at a BRIN index", async () => {
      const { rows } = await pool.query<{ name: string; kind: string; method: string }>(
        `SELECT i.relname AS name, coalesce(c.contype::text, '') AS kind, am.amname AS method
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_am am ON am.oid = i.relam
       LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid
       WHERE x.indrelid = 'platform.processed_messages'::regclass ORDER BY 1`,
      );
      expect(rows).toEqual([
        { name: "processed_messages_dedup_hash_excl", kind: "x", method: "hash" },
        { name: "processed_messages_processed_at_brin", kind: "", method: "brin" },
      ]);
    });

    it("a key marked by an open transaction: a second mark waits, then finds it marked (applied once)", async () => {
      const shared = keyOf("shared-1");
      const own = keyOf("own-1");
      const first = await inTx((c) => markProcessed(pgRunner(c), GROUP, [shared], new Date()));
      expect(first.result.has(shared)).toBe(true);
      const second = await pool.connect();
      await second.query("BEGIN");
      const marking = markUnlessParked(
        pgRunner(second),
        GROUP,
        [
          { dedupKey: shared, topic: TOPIC, key: "k-1" },
          { dedupKey: own, topic: TOPIC, key: "k-2" },
        ],
        new Date(),
      );
      expect(await pendingAfter(marking, 300)).toBe(true);
      await first.end("COMMIT");
      const { fresh } = await marking;
      await second.query("COMMIT");
      second.release();
      expect(fresh.has(shared)).toBe(false);
      expect(fresh.has(own)).toBe(true);
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM platform.processed_messages WHERE dedup_hash = $1",
        [shared],
      );
      expect(rows[0]?.n).toBe(1);
    });

    it("if the first transaction rolls back, the waiting mark is fresh", async () => {
      const key = keyOf("rolled-back-1");
      const first = await inTx((c) => markProcessed(pgRunner(c), GROUP, [key], new Date()));
      const second = await pool.connect();
      await second.query("BEGIN");
      const marking = markProcessed(pgRunner(second), GROUP, [key], new Date());
      expect(await pendingAfter(marking, 300)).toBe(true);
      await first.end("ROLLBACK");
      expect((await marking).has(key)).toBe(true);
      await second.query("COMMIT");
      second.release();
    });

    it("the same key twice in one statement is stored once (the gate then runs it once: decideGate)", async () => {
      const key = keyOf("twice-1");
      await markProcessed(pgRunner(pool), GROUP, [key, Buffer.from(key)], new Date());
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM platform.processed_messages WHERE dedup_hash = $1",
        [key],
      );
      expect(rows[0]?.n).toBe(1);
    });
  },
);
