import { afterAll, beforeAll, expect, it } from "vitest";
import type { Prisma } from "../../../src/generated/prisma/client.js";
import { prismaRunner } from "../../../src/platform/db/sql-runner.js";
import { OUTBOX_SHARD_LOCK_NAMESPACE } from "../../../src/platform/events/outbox/outbox-relay.js";
import {
  CLAIM_WINDOW,
  claimShards,
  claimShardsSql,
} from "../../../src/platform/events/outbox/sql/claim-shards.js";
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
 * Runs `sql` with the planner preferring any plan to an index scan (as it preferred a bitmap scan
 * with the statistics of a quiet outbox) and answers how many rows a plain index scan of
 * `outbox_unpublished_idx` fetched meanwhile (the transaction's own counter: a bitmap scan never
 * adds to it). Only a plain index scan marks the entries of rows published since as dead.
 */
async function fetchedThroughTheIndex(db: MigratedDatabase, sql: Prisma.Sql): Promise<number> {
  return db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
    await tx.$queryRaw(sql);
    const [row] = await tx.$queryRaw<Array<{ n: bigint }>>`
      SELECT pg_stat_get_xact_tuples_fetched('platform.outbox_unpublished_idx'::regclass) AS n`;
    return Number(row?.n ?? 0);
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
    // No autovacuum between a burst and the reads: the entries they walk stay as the burst left them.
    await db.prisma.$executeRawUnsafe("ALTER TABLE platform.outbox SET (autovacuum_enabled = false)");
  });
  afterAll(async () => {
    await db?.drop();
  });

  for (const statistics of ["of a burst", "of an empty outbox"] as const) {
    for (const [name, sql] of [
      ["hint", shardsWithUnpublishedSql(SHARDS)],
      ["claim", claimShardsSql(SHARDS, 500)],
    ] as const) {
      it(`with statistics ${statistics}, the ${name} walks the unpublished-rows index even where the planner prefers another plan (so it marks the published rows' entries dead)`, async () => {
        await outboxAfterABurst(db, statistics, 3_000);
        // the three unpublished rows (the claim reads its window, then filters its shard)
        expect(await fetchedThroughTheIndex(db, sql)).toBeGreaterThanOrEqual(3);
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

  it("the claim locks every shard it can in the same statement: a shard held elsewhere is passed over, the others claimed (decision 0633)", async () => {
    await outboxAfterABurst(db, "of a burst", 10);
    await db.prisma.$executeRaw`
      INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
      SELECT gen_random_uuid(), 'pin.test.plans.v1', gen_random_uuid()::text, '{}', '{}', now()
      FROM generate_series(1, 40)`;
    const waiting = await db.prisma.$queryRaw<Array<{ id: bigint; shard: number }>>`
      SELECT id, (abs(hashtext(key)::bigint) % ${SHARDS})::int AS shard
      FROM platform.outbox WHERE published_at IS NULL ORDER BY id`;
    const held = waiting[0]!.shard;
    let release!: () => void;
    const holding = new Promise<void>((r) => {
      release = r;
    });
    let taken!: () => void;
    const lockTaken = new Promise<void>((r) => {
      taken = r;
    });
    const holder = db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OUTBOX_SHARD_LOCK_NAMESPACE}::int, ${held}::int)`;
      taken();
      await holding;
    });
    await lockTaken;
    try {
      const claim = await db.prisma.$transaction((tx) => claimShards(prismaRunner(tx), SHARDS, 500));
      expect(claim.passedOver).toBe(1);
      expect(claim.rows.map((r) => r.id)).toEqual(waiting.filter((w) => w.shard !== held).map((w) => w.id));
    } finally {
      release();
      await holder;
    }
    const after = await db.prisma.$transaction((tx) => claimShards(prismaRunner(tx), SHARDS, 500));
    expect(after.passedOver).toBe(0);
    expect(after.rows.map((r) => r.id)).toEqual(waiting.map((w) => w.id));
  });

  it("the hint names each shard with an unpublished row once; the claim returns up to its batch in id order and says when its window was full", async () => {
    await outboxAfterABurst(db, "of a burst", 10_000);
    const [hint] = await db.prisma.$queryRaw<Array<{ shards: number[] }>>(shardsWithUnpublishedSql(SHARDS));
    const waiting = await db.prisma.$queryRaw<Array<{ id: bigint; shard: number }>>`
      SELECT id, (abs(hashtext(key)::bigint) % ${SHARDS})::int AS shard
      FROM platform.outbox WHERE published_at IS NULL ORDER BY id`;
    expect([...hint!.shards].sort((a, b) => a - b)).toEqual(
      [...new Set(waiting.map((w) => w.shard))].sort((a, b) => a - b),
    );
    const two = await db.prisma.$transaction((tx) => claimShards(prismaRunner(tx), SHARDS, 2));
    expect(two.rows.map((c) => c.id)).toEqual(waiting.slice(0, 2).map((w) => w.id));
    expect(two.windowFull).toBe(false);
    await db.prisma.$executeRaw`
      INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
      SELECT gen_random_uuid(), 'pin.test.plans.v1', gen_random_uuid()::text, '{}', '{}', now()
      FROM generate_series(1, ${CLAIM_WINDOW}::int)`;
    const full = await db.prisma.$transaction((tx) =>
      claimShards(prismaRunner(tx), SHARDS, CLAIM_WINDOW + 10),
    );
    expect(full.rows).toHaveLength(CLAIM_WINDOW);
    expect(full.windowFull).toBe(true);
  });
});
