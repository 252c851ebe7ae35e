import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recomputeCards } from "../../../src/domain/catalog/cards/recompute-cards.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { searchLots, seedSearchCards } from "./storefront-search-fixtures.js";

/**
 * Issue #42 finding 2, decision 0581: 5 users × 20 match-all saved searches × 8 paced price drops
 * made 962 notifications and as many outbox rows (one per search, lot and batch). With the budget:
 * one notification per user, lot and day across all searches, at most DAILY_CAP a day and one
 * digest beyond it; one outbox row per notification; "back on sale" only after a real time off sale.
 */
const USERS = 5;
const SEARCHES = 20;
const DROPS = 8;
const LOTS_PER_DROP = 2;
const DAILY_CAP = 5;

interface Row {
  recipient_id: string;
  kind: string;
  lot_id: string | null;
  title: string;
}

describeWithService("postgres", "saved-search alerts with a budget (decision 0581)", () => {
  let t: TestApp;
  const clock = new ManualClock("2026-01-01T09:00:00.000Z");
  const lots = searchLots();
  const users = Array.from({ length: USERS }, () => randomUUID());

  async function setPrices(ids: readonly string[], price: number) {
    await t.db.$executeRaw`
      UPDATE catalog.property_object_cards SET source_price = ${price}::numeric WHERE id = ANY(${ids}::uuid[])`;
    await t.db.$transaction((tx) =>
      recomputeCards(tx, { propertyObjectIds: ids }, { now: clock.now(), publishedAt: clock.now() }),
    );
  }
  const setStatus = (id: string, status: string) =>
    t.db.$executeRaw`
      UPDATE catalog.property_object_cards SET property_object_status = ${status} WHERE id = ${id}::uuid`;
  const drained = () =>
    eventually(
      async () =>
        Number(
          (await t.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM catalog.lot_alert_changes`)[0]
            ?.n,
        ),
      { until: (n) => n === 0, what: "alert changes drained" },
    );
  const notifications = () =>
    t.db.$queryRaw<Row[]>`
      SELECT recipient_id, kind, lot_id::text, title FROM notifications.notifications
      WHERE kind IN ('SavedSearchMatch', 'SavedSearchDigest') ORDER BY id`;
  const outboxRows = async () =>
    Number(
      (
        await t.db.$queryRaw<Array<{ n: bigint }>>`
          SELECT count(*) AS n FROM platform.outbox WHERE topic = ${TOPIC.notificationAdded}`
      )[0]?.n,
    );

  beforeAll(async () => {
    t = await startTestApp({
      clock,
      env: {
        PIN_CATALOG_SAVED_SEARCH_ALERTS_CYCLE_SECONDS: "1",
        PIN_CATALOG_SAVED_SEARCH_ALERTS_DAILY_CAP: String(DAILY_CAP),
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "error",
      },
    });
    await seedSearchCards(t.db, lots);
    // every user: 20 searches that match everything
    await t.db.$executeRaw`
      INSERT INTO catalog.saved_searches (id, user_id, name, filter, query, created_at, updated_at)
      SELECT gen_random_uuid(), u, 'Всё ' || s, '{}'::jsonb, NULL, now(), now()
      FROM unnest(${users}::text[]) AS u, generate_series(1, ${SEARCHES}) AS s`;
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
  });

  describe("the flood of issue #42", () => {
    it(`${USERS} users × ${SEARCHES} match-all searches × ${DROPS} paced price drops: ${DAILY_CAP} notifications and one digest a user, one outbox row each`, async () => {
      const before = await outboxRows();
      for (let d = 0; d < DROPS; d++) {
        const dropped = lots.slice(d * LOTS_PER_DROP, (d + 1) * LOTS_PER_DROP).map((l) => l.id);
        await setPrices(dropped, 500_000 - d * 1_000);
        // the first drop's lots fall again in every round: told once a day, whatever the searches
        await setPrices([lots[0]!.id], 400_000 - d * 1_000);
        await drained();
      }
      const rows = await notifications();
      expect(rows).toHaveLength(USERS * (DAILY_CAP + 1));
      expect((await outboxRows()) - before).toBe(rows.length);
      for (const user of users) {
        const mine = rows.filter((r) => r.recipient_id === user);
        expect(mine.map((r) => r.kind)).toEqual([
          ...Array<string>(DAILY_CAP).fill("SavedSearchMatch"),
          "SavedSearchDigest",
        ]);
        const told = mine.flatMap((r) => (r.lot_id ? [r.lot_id] : []));
        expect(new Set(told).size).toBe(told.length);
        expect(mine[DAILY_CAP]!.title).toContain("Лимит уведомлений");
      }
    });
  });

  describe("back on sale", () => {
    it("the next day: a lot booked and cancelled within the threshold alerts nobody; one off sale longer alerts each user once", async () => {
      clock.advance(24 * 3600_000);
      const brief = lots[30]!;
      const long = lots[31]!;
      const count = async () => (await notifications()).length;
      const start = await count();
      await setStatus(brief.id, "Reserved");
      await setStatus(brief.id, "Free");
      await drained();
      expect(await count()).toBe(start);

      await setStatus(long.id, "Reserved");
      // off sale for 11 minutes (PIN_CATALOG_SAVED_SEARCH_BACK_ON_SALE_SECONDS: 600 by default)
      await t.db.$executeRaw`
        UPDATE catalog.lot_off_sale SET since = since - interval '11 minutes' WHERE lot_id = ${long.id}::uuid`;
      await setStatus(long.id, "Free");
      await drained();
      const back = (await notifications()).slice(start);
      expect(back).toHaveLength(USERS);
      expect(back.every((r) => r.lot_id === long.id && r.title.includes("снова в продаже"))).toBe(true);
      expect(new Set(back.map((r) => r.recipient_id)).size).toBe(USERS);
    });
  });
});
