import { afterAll, beforeAll, expect, it } from "vitest";
import { Prisma } from "../../../src/generated/prisma/client.js";
import { claimShardSql } from "../../../src/platform/events/outbox/sql/claim-shard.js";
import { shardsWithUnpublishedSql } from "../../../src/platform/events/outbox/sql/shards-with-unpublished.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";

// Session 22 (issue #43): the relay's hint and claim read the partial index of unpublished rows
// whatever the statistics say. After a burst that ANALYZE saw mostly unpublished, the unbounded
// statements were planned as sequential scans of the whole outbox (published rows are kept for
// retention): 0.5 ms each, 11 times a booking in the cost bench.

const SHARDS = 16;

/** The plan's node types, depth first, of `EXPLAIN (FORMAT JSON)` of `sql`. */
async function planNodes(db: MigratedDatabase, sql: Prisma.Sql): Promise<string[]> {
  const [row] = await db.prisma.$queryRaw<Array<Record<string, unknown>>>(
    Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`,
  );
  const nodes: string[] = [];
  const walk = (node: { "Node Type": string; "Index Name"?: string; Plans?: unknown[] }) => {
    nodes.push(node["Index Name"] ? `${node["Node Type"]} ${node["Index Name"]}` : node["Node Type"]);
    for (const child of node.Plans ?? []) walk(child as typeof node);
  };
  const plan = Object.values(row!)[0] as Array<{ Plan: Parameters<typeof walk>[0] }>;
  walk(plan[0]!.Plan);
  return nodes;
}

describeWithService("postgres", "outbox relay statements' plans", () => {
  let db: MigratedDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase("events_outbox_plans");
    // A burst: 10,000 rows analysed while unpublished, then published; three new rows wait.
    await db.prisma.$executeRaw`
      INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
      SELECT gen_random_uuid(), 'pin.test.plans.v1', gen_random_uuid()::text, '{}', '{}', now()
      FROM generate_series(1, 10000)`;
    await db.prisma.$executeRawUnsafe("ANALYZE platform.outbox");
    await db.prisma.$executeRaw`UPDATE platform.outbox SET published_at = now()`;
    await db.prisma.$executeRaw`
      INSERT INTO platform.outbox (message_id, topic, key, payload, metadata, created_at)
      SELECT gen_random_uuid(), 'pin.test.plans.v1', gen_random_uuid()::text, '{}', '{}', now()
      FROM generate_series(1, 3)`;
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("with statistics from a burst, the shard hint and the claim read the unpublished-rows index, not the table", async () => {
    for (const sql of [shardsWithUnpublishedSql(SHARDS), claimShardSql(3, SHARDS, 500)]) {
      const nodes = await planNodes(db, sql);
      expect(nodes).toContain("Index Scan outbox_unpublished_idx");
      expect(nodes).not.toContain("Seq Scan");
    }
  });

  it("the hint names each shard with an unpublished row once; the claim returns its shard's rows in id order", async () => {
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
