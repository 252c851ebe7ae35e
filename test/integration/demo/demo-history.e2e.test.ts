import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemoData } from "../../../src/demo/seed-demo-data.js";
import { DEMO_CHESSBOARD } from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_DEVELOPER_ID } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { clickhouseUrl, describeWithService } from "../../support/services.js";
import { uniqueChDatabase } from "../devstats/devstats-fixtures.js";

/**
 * Issue #44: the demo seed gives the buildings a month of sales history through crm's commands,
 * and every read model follows from the same events — chessboard's grid, crm's bookings, the
 * storefront's cards, the funnel, the deal chats. Seeded as the embedded start seeds (settling
 * between the steps), on the local event log, with the funnel on the ClickHouse server.
 */
const FUNNEL = `query($filter: ConversionFunnelFilter!) { conversionFunnel(filter: $filter) { __typename
  ... on QueryConversionFunnelSuccess { data { counts { bookings deals } } } } }`;
const DAY_MS = 86_400_000;

describeWithService(
  ["postgres", "clickhouse"],
  "the demo history: one month, every read model agreeing",
  () => {
    let t: TestApp;
    let history: Record<string, number>;
    const database = uniqueChDatabase("demo_history");
    const statusCount = async (where: Record<string, unknown>) => {
      const rows = await t.db.chessboardPropertyObject.groupBy({ by: ["status"], where, _count: true });
      return Object.fromEntries(rows.map((r) => [r.status, r._count])) as Record<string, number>;
    };

    beforeAll(async () => {
      t = await startTestApp({
        clock: new ManualClock(new Date()),
        env: {
          PIN_ANALYTICS: "auto",
          CLICKHOUSE_URL: clickhouseUrl(),
          PIN_DEVSTATS_DATABASE: database,
          PIN_DEVSTATS_BATCH_MS: "200",
          // As the embedded start holds them back: the timers run their first cycle, then not again.
          PIN_BOOKING_EXPIRATION_CYCLE_SECONDS: "86400",
          PIN_HOLD_EXPIRATION_CYCLE_SECONDS: "86400",
        },
      });
      if (!t.app.devstats) throw new Error("dev-stats did not start on the ClickHouse server");
      const { logger } = createMemoryLogger();
      const settle = () => t.app.whenCaughtUp();
      history = (await seedDemoData({ db: t.db, clock: t.clock, log: logger }, settle)).history ?? {};
      await settle();
    }, 600_000);

    afterAll(async () => {
      await t?.app.devstats?.clickhouse.command(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
      await t?.stop();
    });

    it("the chessboard shows Sold, Booked, Reserved and Free in plausible shares, spread over floors and sections", async () => {
      expect(history).toMatchObject({ unplaced: 0, failed: 0 });
      const all = await statusCount({});
      expect(all.Sold).toBe(history.sold);
      expect(all.Booked).toBe(history.booked);
      expect(all.Reserved).toBe(history.reserved);
      const building = await statusCount({ buildingId: DEMO_CHESSBOARD.buildingId });
      const total = Object.values(building).reduce((a, b) => a + b, 0);
      expect(building.Sold! / total).toBeGreaterThan(0.2);
      expect(building.Sold! / total).toBeLessThan(0.6);
      expect(building.Free! / total).toBeGreaterThan(0.25);
      expect(building.Booked ?? 0).toBeGreaterThanOrEqual(2);
      const developer = await statusCount({ tenantId: DEMO_DEVELOPER_ID });
      expect(developer.Reserved ?? 0).toBeGreaterThanOrEqual(2);
      const sold = await t.db.chessboardPropertyObject.findMany({
        where: { buildingId: DEMO_CHESSBOARD.buildingId, status: "Sold" },
        select: { floor: true, section: true },
      });
      expect(new Set(sold.map((s) => s.floor)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(sold.map((s) => s.section)).size).toBe(2);
      const example = await t.db.chessboardPropertyObject.findUnique({
        where: { id: DEMO_CHESSBOARD.exampleApartmentId },
      });
      expect(example?.status).toBe("Free");
    });

    it("crm's bookings, its replica and the storefront's cards say the same as the chessboard", async () => {
      const objects = await t.db.chessboardPropertyObject.findMany({ select: { id: true, status: true } });
      const chessboard = new Map(objects.map((o) => [o.id, o.status]));
      const replica = await t.db.crmPropertyObjectReplica.findMany({ select: { id: true, status: true } });
      expect(replica.filter((r) => chessboard.get(r.id) !== r.status)).toEqual([]);
      const cards = await t.db.catalogPropertyObjectCard.findMany({
        select: { id: true, propertyObjectStatus: true },
      });
      expect(cards.length).toBe(objects.length);
      expect(cards.filter((c) => chessboard.get(c.id) !== c.propertyObjectStatus)).toEqual([]);
      const active = await t.db.crmBooking.groupBy({ by: ["status"], _count: true });
      const byStatus = Object.fromEntries(active.map((r) => [r.status, r._count])) as Record<string, number>;
      expect(byStatus.Completed).toBe(history.sold);
      expect(byStatus.Booked).toBe(history.booked);
      expect((byStatus.Reserved ?? 0) + (byStatus.AwaitingPayment ?? 0)).toBe(history.reserved);
      expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(history.bookings);
      // nothing was parked or dead-lettered on the way
      expect(await t.db.$queryRaw`SELECT count(*)::int AS n FROM platform.dead_letters`).toEqual([{ n: 0 }]);
    });

    it("the funnel counts the demo developer's bookings and sales of the month, as the chessboard and crm do", async () => {
      const now = t.clock.now().getTime();
      const from = new Date(now - 40 * DAY_MS).toISOString().slice(0, 10);
      const to = new Date(now).toISOString().slice(0, 10);
      const bookings = await t.db.crmBooking.count({ where: { tenantId: DEMO_DEVELOPER_ID } });
      const sold = await t.db.chessboardPropertyObject.count({
        where: { tenantId: DEMO_DEVELOPER_ID, status: "Sold" },
      });
      const dm = await t.tokenFor("developer_manager");
      const answer = await t.graphql<{
        conversionFunnel: { data?: { counts: { bookings: number; deals: number } } };
      }>(FUNNEL, { filter: { from, to } }, dm);
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.conversionFunnel.data?.counts).toEqual({ bookings, deals: sold });
    });

    it("every deal of the history has its chat, with a booking card naming its apartment", async () => {
      const deals = await t.db.crmDeal.findMany({
        where: { bookings: { some: {} } },
        select: { id: true, bookings: { select: { propertyObjectId: true } } },
      });
      expect(deals).toHaveLength(history.bookings!);
      const chats = await t.db.messengerDealChat.count({ where: { dealId: { in: deals.map((d) => d.id) } } });
      expect(chats).toBe(deals.length);
      const sample = deals[0]!;
      const card = await t.db.messengerMessage.findFirst({
        where: { dealId: sample.id, cardKind: "BookingCreated" },
      });
      const apartment = await t.db.chessboardPropertyObject.findUnique({
        where: { id: sample.bookings[0]!.propertyObjectId },
      });
      expect((card?.card as { ApartmentNumber?: string } | null)?.ApartmentNumber).toBe(apartment?.number);
    });

    it("a second seed leaves the history alone", async () => {
      const before = await statusCount({});
      const { logger } = createMemoryLogger();
      const again = await seedDemoData({ db: t.db, clock: t.clock, log: logger }, () => t.app.whenCaughtUp());
      expect(again.history).toMatchObject({ bookings: 0, alreadySeeded: 1 });
      expect(await statusCount({})).toEqual(before);
    });
  },
);
