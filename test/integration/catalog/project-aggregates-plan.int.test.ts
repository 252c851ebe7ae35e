/**
 * The status/price flow's project aggregates (decision 0623) read a few index entries, not every
 * lot of the project: MinPrice/MaxPrice come from the two ends of `lots_project_price_idx` for a
 * project of 6,000 lots. Checks the plan, not a time (the cost is the benchmark's: bench cost).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recomputeProjectAggregates } from "../../../src/domain/catalog/cards/recompute-cards.js";
import {
  moveProjectAggregates,
  moveProjectAggregatesSql,
} from "../../../src/domain/catalog/cards/sql/move-project-aggregates.js";
import { seedSyntheticCards, syntheticProjectId } from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { Prisma } from "../../../src/generated/prisma/client.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

const TAG = "aggplan";
const LOTS = 6_000;
const now = new Date("2026-12-06T10:00:00.000Z");

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Scan Direction"?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe("project aggregates moved by a status/price batch", () => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_aggregates_plan");
    await seedSyntheticCards(database.prisma, { tag: TAG, projects: 2, lotsPerProject: LOTS, now });
    await database.prisma.$executeRaw`ANALYZE catalog.property_object_cards`;
  }, 120_000);
  afterAll(async () => database?.drop());

  it("reads MinPrice/MaxPrice at the ends of the project's price index, never scanning its lots", async () => {
    const project = syntheticProjectId(TAG, 0);
    const sql = moveProjectAggregatesSql(new Map([[project, { total: 0, available: -1 }]]), { now });
    const [row] = await database.prisma.$queryRaw<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>(
      Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`,
    );
    const plan = nodes((row!["QUERY PLAN"][0] as { Plan: PlanNode }).Plan);
    const onLots = plan.filter((n) => n["Relation Name"] === "property_object_cards");
    expect(onLots.map((n) => `${n["Node Type"]} ${n["Scan Direction"]} ${n["Index Name"]}`)).toEqual([
      "Index Scan Forward lots_project_price_idx",
      "Index Scan Backward lots_project_price_idx",
    ]);
  });

  it("with the deltas a batch moved, ends where a full recompute ends", async () => {
    const db = database.prisma;
    const project = syntheticProjectId(TAG, 1);
    // the project's cheapest and dearest Free lots are sold, and one Free lot hidden
    const moved = await db.$queryRaw<Array<{ status: string; object_status: string }>>`
      WITH picked AS (
        (SELECT id FROM catalog.property_object_cards WHERE project_id = ${project}::uuid
           AND status = 'Published' AND property_object_status = 'Free' ORDER BY price, id LIMIT 1)
        UNION ALL
        (SELECT id FROM catalog.property_object_cards WHERE project_id = ${project}::uuid
           AND status = 'Published' AND property_object_status = 'Free' ORDER BY price DESC, id LIMIT 1))
      UPDATE catalog.property_object_cards l SET property_object_status = 'Sold'
      FROM picked WHERE l.id = picked.id RETURNING l.status, l.property_object_status AS object_status`;
    expect(moved).toHaveLength(2);
    await db.$executeRaw`
      UPDATE catalog.property_object_cards SET status = 'Hidden', property_object_status = 'Hidden'
      WHERE id = (SELECT id FROM catalog.property_object_cards WHERE project_id = ${project}::uuid
                    AND status = 'Published' AND property_object_status = 'Free' ORDER BY id LIMIT 1)`;
    await db.$transaction(async (tx) => {
      expect(
        await moveProjectAggregates(tx, new Map([[project, { total: -1, available: -3 }]]), { now }),
      ).toBe(1);
      expect(await recomputeProjectAggregates(tx, [project], { now })).toBe(0);
    });
  });
});
