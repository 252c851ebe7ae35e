import { afterAll, beforeAll, expect, it } from "vitest";
import { Prisma } from "../../../src/generated/prisma/client.js";
import {
  CLAIM_WINDOW,
  claimShard,
  claimShardSql,
} from "../../../src/platform/events/outbox/sql/claim-shard.js";
import {
  shardsWithUnpublished,
  shardsWithUnpublishedSql,
} from "../../../src/platform/events/outbox/sql/shards-with-unpublished.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";

// Sessions 22–23 (issue #43): the relay's hint and claim read the partial index of unpublished
// rows whatever the statistics say. After a burst that ANALYZE saw mostly unpublished, the
// unbounded statements were planned as sequential scans of the whole outbox (published rows are
// kept for retention); with statistics of a quiet outbox, as bitmap scans, which never mark the
// entries of rows published since as dead — every read visited every row published since the last
// vacuum (decision 0622). Both are now functions that walk the index in id order.

const SHARDS = 16;

/**
 * The shared buffers each of two executions of `sql` touches (EXPLAIN ANALYZE: it runs), with the
 * planner preferring any plan to an index scan, as it did with the statistics of a quiet outbox.
 */
async function buffersOfTwoReads(db: MigratedDatabase, sql: Prisma.Sql): Promise<[number, number]> {
  return db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
    const read = async () => {
      const [row] = await tx.$queryRaw<Array<Record<string, unknown>>>(
        Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
      );
      const plan = (Object.values(row!)[0] as Array<{ Plan: Record<string, number> }>)[0]!.Plan;
      return (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0);
    };
    return [await read(), await read()];
  });
}

type Statistics = "of a burst" | "of an empty outbox";

/** `published` rows written and published after ANALYZE saw them unpublished (or none), then three new. */
async function outboxAfterABurst(db: MigratedDatabase, statistics: Statistics, published: number) {
  await db.prisma.$executeRawUnsafe("TRUNCATE platform.outbox");
  if (statistics === "of an empty outbox") await db.prisma.$executeRawUnsafe("ANALYZE platform.outbox");
  await db.prisma.$executeRaw`
    INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
    SELECT gen_random_uuid(), 'pin.test.plans.v1', gen_random_uuid()::text,
           jsonb_build_object('pad', repeat('x', 600)), '{}', now()
    FROM generate_series(1, ${published}::int)`;
  if (statistics === "of a burst") await db.prisma.$executeRawUnsafe("ANALYZE platform.outbox");
  await db.prisma.$executeRaw`UPDATE platform.outbox SET published_at = now()`;
  await db.prisma.$executeRaw`
    INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
    SELECT gen_random_uuid(), 'pin.test.plans.v1', gen_random_uuid()::text, '{}', '{}', now()
    FROM generate_series(1, 3)`;
}

describeWithService("postgres", "outbox relay statements' plans", () => {
  let db: MigratedDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase("events_outbox_plans");
    // An autovacuum between a burst and the first read would clean the entries the reads are
    // measured on (it did once, under a parallel run).
    await db.prisma.$executeRawUnsafe("ALTER TABLE platform.outbox SET (autovacuum_enabled = false)");
  });
  afterAll(async () => {
    await db?.drop();
  });

  for (const statistics of ["of a burst", "of an empty outbox"] as const) {
    for (const [name, sql] of [
      ["hint", shardsWithUnpublishedSql(SHARDS)],
      ["claim", claimShardSql(3, SHARDS, 500)],
    ] as const) {
      it(`with statistics ${statistics}, the ${name} walks the unpublished-rows index even where the planner prefers another plan: the rows published since are skipped by the next read`, async () => {
        await outboxAfterABurst(db, statistics, 3_000);
        const [first, next] = await buffersOfTwoReads(db, sql);
        // the first read passes 3,000 entries of published rows (and marks them dead)
        expect(first).toBeGreaterThan(100);
        expect(next).toBeLessThan(40);
      });
    }
  }

  it("the hint says when its window was full (more rows may wait beyond it), so the relay reads it again at once", async () => {
    await outboxAfterABurst(db, "of a burst", 3_000);
    expect((await shardsWithUnpublished(db.prisma, SHARDS)).windowFull).toBe(false);
    await db.prisma.$executeRaw`
      INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
      SELECT gen_random_uuid(), 'pin.test.plans.v1', gen_random_uuid()::text, '{}', '{}', now()
      FROM generate_series(1, ${CLAIM_WINDOW}::int)`;
    const hint = await shardsWithUnpublished(db.prisma, SHARDS);
    expect(hint.windowFull).toBe(true);
    expect(hint.shards).toHaveLength(SHARDS);
  });

  it("the claim takes the shard's lock in the same statement: with the lock held elsewhere it answers locked and claims nothing", async () => {
    await outboxAfterABurst(db, "of a burst", 10);
    const [first] = await db.prisma.$queryRaw<Array<{ shard: number }>>`
      SELECT (abs(hashtext(key)::bigint) % ${SHARDS})::int AS shard
      FROM platform.outbox WHERE published_at IS NULL ORDER BY id LIMIT 1`;
    const shard = first!.shard;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let taken!: () => void;
    const lockTaken = new Promise<void>((r) => {
      taken = r;
    });
    const holder = db.prisma.$transaction(async (tx) => {
      expect(await claimShard(tx, shard, SHARDS, 500)).not.toBe("locked");
      taken();
      await held;
    });
    await lockTaken;
    try {
      expect(await db.prisma.$transaction((tx) => claimShard(tx, shard, SHARDS, 500))).toBe("locked");
    } finally {
      release();
      await holder;
    }
    const after = await db.prisma.$transaction((tx) => claimShard(tx, shard, SHARDS, 500));
    expect(after).not.toBe("locked");
    expect((after as unknown[]).length).toBeGreaterThan(0);
  });

  it("the hint names each shard with an unpublished row once; the claim returns its shard's rows in id order", async () => {
    await outboxAfterABurst(db, "of a burst", 10_000);
    const [hint] = await db.prisma.$queryRaw<Array<{ shards: number[] }>>(shardsWithUnpublishedSql(SHARDS));
    const waiting = await db.prisma.$queryRaw<Array<{ id: bigint; shard: number }>>`
      SELECT id, (abs(hashtext(key)::bigint) % ${SHARDS})::int AS shard
      FROM platform.outbox WHERE published_at IS NULL ORDER BY id`;
    expect([...hint!.shards].sort((a, b) => a - b)).toEqual(
      [...new Set(waiting.map((w) => w.shard))].sort((a, b) => a - b),
    );
    const shard = waiting[0]!.shard;
    const claimed = await db.prisma.$queryRaw<Array<{ id: bigint }>>(claimShardSql(shard, SHARDS, 500));
    expect(claimed.map((c) => c.id)).toEqual(waiting.filter((w) => w.shard === shard).map((w) => w.id));
  });
});
