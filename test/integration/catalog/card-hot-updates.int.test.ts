/**
 * Decision 0630 (issue #43, the product owner's answer 2): a lot card's sale-status change is a
 * HOT update — it writes no indexed column, so with room on the page (fillfactor 70) PostgreSQL
 * adds no entry to any of the card's indexes. Counted with the transaction's own statistics, not
 * timed (the cost is the benchmarks': bench cost, bench catalog).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSyntheticCards, syntheticProjectId } from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { writeLotChanges } from "../../../src/domain/catalog/sync/lot-change/lot-changes.writer.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

const TAG = "hotcards";
const now = new Date("2026-12-06T10:00:00.000Z");

describe("lot cards: a sale-status change is a HOT update (decision 0630)", () => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_card_hot_updates");
    await seedSyntheticCards(database.prisma, { tag: TAG, projects: 1, lotsPerProject: 2_000, now });
  }, 120_000);
  afterAll(async () => database?.drop());

  async function writeAndCount(change: { status: "Booked" | null; price: string | null }) {
    const db = database.prisma;
    const lots = await db.$queryRaw<
      Array<{ id: string; row_version: number; chessboard_version: bigint | null }>
    >`
      SELECT id::text, row_version, chessboard_version FROM catalog.property_object_cards
      WHERE project_id = ${syntheticProjectId(TAG, 0)}::uuid AND status = 'Published'
        AND property_object_status = 'Free'
      ORDER BY id LIMIT 50 OFFSET ${change.price === null ? 0 : 100}`;
    expect(lots).toHaveLength(50);
    return db.$transaction(async (tx) => {
      // the backend's counters may still hold earlier transactions' unflushed counts: a difference
      const counters = async () => {
        const [c] = await tx.$queryRaw<Array<{ updated: bigint; hot: bigint }>>`
          SELECT pg_stat_get_xact_tuples_updated('catalog.property_object_cards'::regclass) AS updated,
                 pg_stat_get_xact_tuples_hot_updated('catalog.property_object_cards'::regclass) AS hot`;
        return { updated: Number(c?.updated), hot: Number(c?.hot) };
      };
      const before = await counters();
      const written = await writeLotChanges(
        tx,
        lots.map((l) => ({
          id: l.id,
          projectId: syntheticProjectId(TAG, 0),
          expectedRowVersion: l.row_version,
          status: change.status,
          price: change.price,
          version: Number(l.chessboard_version ?? 0) + 1,
          eventTime: now,
          visibleAt: now,
          visibleWithOverrideAt: now,
          statusApplied: change.status !== null,
          indexes: [0],
        })),
        now,
      );
      const after = await counters();
      return { written: written.size, updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
  }

  it("50 Published cards going Free → Booked: 50 updates, at least 45 of them HOT (none with full pages)", async () => {
    // A page keeps room for a few more versions of its cards: several cards of one page
    // changed in one batch may not all fit, so not every one need be HOT — before 0630 none was.
    const outcome = await writeAndCount({ status: "Booked", price: null });
    expect(outcome.written).toBe(50);
    expect(outcome.updated).toBe(50);
    expect(outcome.hot).toBeGreaterThanOrEqual(45);
  });

  it("a price change writes an indexed column: not HOT (the control that the count can fail)", async () => {
    const outcome = await writeAndCount({ status: null, price: "12345678.00" });
    expect(outcome.updated).toBe(50);
    expect(outcome.hot).toBe(0);
  });
});
