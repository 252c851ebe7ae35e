/**
 * Decision 0634 (issue #43): the lot card's statement triggers join their transition tables
 * (new_cards ⋈ old_cards) by hashing, not in a nested loop. PL/pgSQL keeps a statement's plan
 * for the session: planned for a write of one card (a transition table of one row), the nested
 * loop was kept for every later write, and a write of n cards compared n² pairs in every such
 * join. Counted, not timed: auto_explain reports each trigger statement's plan to this session as
 * a notice, and the rows its join filters removed are summed.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSyntheticCards, syntheticProjectId } from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

const TAG = "trgjoin";
const LOTS = 400;
const now = new Date("2026-12-06T10:00:00.000Z");
const TRIGGER_FUNCTIONS = [
  "catalog.record_lot_alert_changes()",
  "catalog.record_lot_facet_changes()",
  "catalog.record_search_words()",
];

describe("lot cards: the statement triggers' joins are linear in the cards written (decision 0634)", () => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_card_trigger_joins");
    await seedSyntheticCards(database.prisma, { tag: TAG, projects: 1, lotsPerProject: LOTS, now });
  }, 120_000);
  afterAll(async () => database?.drop());

  /** One price write of every card of the project; the rows the trigger statements' joins threw away. */
  async function rowsRemovedByTriggerJoins(resetFunctions: boolean): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    const plans: string[] = [];
    client.on("notice", (n) => plans.push(n.message ?? ""));
    await client.connect();
    try {
      await client.query("LOAD 'auto_explain'");
      await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
        SET auto_explain.log_timing = off; SET auto_explain.log_nested_statements = on;
        SET auto_explain.log_level = notice; SET client_min_messages = notice`);
      await client.query("BEGIN");
      if (resetFunctions) {
        for (const fn of TRIGGER_FUNCTIONS) await client.query(`ALTER FUNCTION ${fn} RESET ALL`);
      }
      const write = `UPDATE catalog.property_object_cards SET price = price + 1,
        source_price = source_price + 1, row_version = row_version + 1 WHERE project_id = $1::uuid`;
      // first a write of one card, as a consumer's first batch may be: the session's plans are made
      await client.query(
        `${write} AND id = (SELECT id FROM catalog.property_object_cards ORDER BY id LIMIT 1)`,
        [syntheticProjectId(TAG, 0)],
      );
      plans.length = 0;
      const written = await client.query(write, [syntheticProjectId(TAG, 0)]);
      expect(written.rowCount).toBe(LOTS);
      await client.query("ROLLBACK");
    } finally {
      await client.end();
    }
    const triggerPlans = plans.filter((p) => p.includes("old_cards"));
    expect(triggerPlans.length).toBeGreaterThanOrEqual(4);
    return triggerPlans
      .flatMap((p) => [...p.matchAll(/Rows Removed by Join Filter: (\d+)/g)])
      .reduce((sum, m) => sum + Number(m[1]), 0);
  }

  it(`a write of ${LOTS} cards after a write of one: its trigger joins discard no more than a few rows per card`, async () => {
    expect(await rowsRemovedByTriggerJoins(false)).toBeLessThanOrEqual(4 * LOTS);
  });

  it("the control: without the functions' settings the same writes compare n² pairs", async () => {
    expect(await rowsRemovedByTriggerJoins(true)).toBeGreaterThanOrEqual(LOTS * (LOTS - 1));
  });
});
