import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_MIGRATIONS_DIR, runMigrations } from "../../../src/platform/db/migrations/run-migrations.js";
import { pgRunner } from "../../../src/platform/db/sql-runner.js";
import { dedupKeyHash } from "../../../src/platform/events/consumer/dedup-key.js";
import { markProcessed } from "../../../src/platform/events/consumer/sql/mark-processed.js";
import { markUnlessParked } from "../../../src/platform/events/consumer/sql/mark-unless-parked.js";
import { unmarkProcessed } from "../../../src/platform/events/consumer/sql/unmark-processed.js";
import { createLogger } from "../../../src/platform/log/logger.js";
import { createTestDatabase, describeWithService, type TestDatabase } from "../../support/services.js";

const HASHED = "20261203130000_hashed_dedup_keys";
const GROUP = "pin-test-hashed";
const log = createLogger({ level: "warn", pretty: false });

/**
 * Decision 0505: dedup marks become 16-byte hashes. The upgrade path: a database whose marks were
 * written as text keys by the previous release is migrated, and every one of those messages is
 * still a duplicate for the runtime afterwards (the migration's SQL hash is the runtime's).
 */
describeWithService("postgres", "hashed dedup keys: the upgrade from text keys", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let before: string;

  beforeAll(async () => {
    database = await createTestDatabase("hashed_dedup");
    // Every migration before the hashed keys, as the previous release left the database.
    before = await mkdtemp(path.join(os.tmpdir(), "pin-migrations-"));
    for (const name of await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true })) {
      if (name.isDirectory() && name.name < HASHED)
        await cp(path.join(DEFAULT_MIGRATIONS_DIR, name.name), path.join(before, name.name), {
          recursive: true,
        });
    }
    await runMigrations({ url: database.url, log, dir: before });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("marks written as text keys before the migration are duplicates after it; new ones are fresh", async () => {
    const oldKeys = [
      `${GROUP}:pin.crm.booking-created.v1:0b7c0f4e-58a1-4d0e-9a55-3f3e0f6f2b11`,
      `${GROUP}:pin.chessboard.property-object-status-changed.v1:9f1d2c3b-0000-4000-8000-000000000001`,
      // not ASCII: the SQL side hashes the UTF-8 bytes, as the runtime does
      `${GROUP}:pin.test.объект.v1:id-ü`,
    ];
    await pool.query(
      `INSERT INTO platform.processed_messages (dedup_key, group_id, processed_at)
       SELECT k, $2, now() FROM unnest($1::text[]) AS k`,
      [oldKeys, GROUP],
    );

    const report = await runMigrations({ url: database.url, log });
    // this migration first; later ones (e.g. 0500's outbox signal) may follow it
    expect(report.applied[0]).toBe(HASHED);

    const { rows } = await pool.query<{ dedup_hash: Buffer; group_id: string }>(
      "SELECT dedup_hash, group_id FROM platform.processed_messages",
    );
    expect(rows.map((r) => r.dedup_hash.toString("hex")).sort()).toEqual(
      oldKeys.map((k) => dedupKeyHash(k).toString("hex")).sort(),
    );
    expect(new Set(rows.map((r) => r.group_id))).toEqual(new Set([GROUP]));

    // The runtime's statements on the migrated table: the old marks are duplicates.
    const client = await pool.connect();
    try {
      const runner = pgRunner(client);
      await client.query("BEGIN");
      const fresh = dedupKeyHash(`${GROUP}:pin.crm.booking-created.v1:new-message`);
      const again = oldKeys.map(dedupKeyHash);
      const marked = await markProcessed(runner, GROUP, [...again, fresh], new Date());
      expect([...marked]).toEqual([fresh]);
      // The folded statement gives the same answer (no parked message in the group)
      const other = dedupKeyHash(`${GROUP}:pin.crm.booking-created.v1:other`);
      const folded = await markUnlessParked(
        runner,
        GROUP,
        [...again, other].map((dedupKey) => ({ dedupKey, topic: "t", key: "k" })),
        new Date(),
      );
      expect([...folded.fresh]).toEqual([other]);
      await unmarkProcessed(runner, [fresh, other]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    const { rows: left } = await pool.query("SELECT count(*)::int AS n FROM platform.processed_messages");
    expect(left[0].n).toBe(oldKeys.length);
  });

  it("a stored key is exactly 16 bytes (the table refuses any other size)", async () => {
    await expect(
      pool.query(
        "INSERT INTO platform.processed_messages (dedup_hash, group_id, processed_at) VALUES ($1, $2, now())",
        [Buffer.alloc(32), GROUP],
      ),
    ).rejects.toThrow(/processed_messages_dedup_hash_size/);
  });

  it("a group with a parked message: only its parked keys are held back, the rest are marked", async () => {
    await pool.query(
      `INSERT INTO platform.parked_messages
         (group_id, topic, key, partition, "offset", value, headers, attempts, next_attempt_at, parked_at)
       VALUES ($1, 't', 'held', 0, '0', '{}', '{}'::jsonb, 1, now(), now())`,
      [GROUP],
    );
    const held = dedupKeyHash(`${GROUP}:t:held-1`);
    const free = dedupKeyHash(`${GROUP}:t:free-1`);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const out = await markUnlessParked(
        pgRunner(client),
        GROUP,
        [
          { dedupKey: held, topic: "t", key: "held" },
          { dedupKey: free, topic: "t", key: "free" },
        ],
        new Date(),
      );
      expect([...out.parked]).toEqual(["t\u0000held"]);
      expect([...out.fresh]).toEqual([free]);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
  });
});
