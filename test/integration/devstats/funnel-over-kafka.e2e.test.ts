import { Admin } from "@platformatic/kafka";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEVSTATS_DIMENSION_GROUP } from "../../../src/consumers/devstats-dimension.consumer.js";
import { DEVSTATS_FUNNEL_BOOKING_GROUP } from "../../../src/consumers/devstats-funnel-booking-created.consumer.js";
import { DEVSTATS_FUNNEL_DEAL_GROUP } from "../../../src/consumers/devstats-funnel-deal-sale-started.consumer.js";
import { TOPIC } from "../../../src/contracts/topics.js";
import { seedDemoChessboard } from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM, seedDemoCrm } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { resetGroupOffsets } from "../../../src/platform/events/platformatic/platformatic-admin.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { createApartmentUnderDemoDeveloper } from "../../support/chessboard-structure.js";
import { eventually } from "../../support/eventually.js";
import { brokerGroup, brokerTopic } from "../../support/isolation.js";
import { clickhouseUrl, describeWithService, kafkaBrokers } from "../../support/services.js";
import { type ConversionFunnelAnswer, uniqueChDatabase } from "./devstats-fixtures.js";

const FUNNEL = `query($filter: ConversionFunnelFilter!) {
  conversionFunnel(filter: $filter) {
    __typename
    ... on Error { code }
    ... on QueryConversionFunnelSuccess { data { developerId counts { views bookings deals } ratios { from to ratio } days { day counts { bookings } } } }
  }
}`;

type FunnelAnswer = ConversionFunnelAnswer<{
  developerId: string;
  counts: { views: number; bookings: number; deals: number };
  ratios: Array<{ from: string; to: string; ratio: number }>;
  days: Array<{ day: string; counts: { bookings: number } }>;
}>;

/**
 * The dev-stats groups are fixed names on the shared broker: move them to the end of the topics
 * that already exist, so this run reads its own events and not a backlog of earlier runs' (those
 * would only cost time: their objects are not this run's). A group with live members elsewhere
 * cannot be moved; then the backlog is read and the test still holds (its ids are its own).
 */
async function startDevStatsGroupsAtTheEnd(brokers: string[]): Promise<void> {
  // By OffsetCommit, not kafkajs' admin.setOffsets: that one joins the group to seek, and the app's
  // member then waited up to a session timeout to join (decision 0495).
  const admin = new Admin({ clientId: "devstats-e2e", bootstrapBrokers: brokers });
  try {
    const existing = new Set(await admin.listTopics());
    const groups = [
      [DEVSTATS_FUNNEL_BOOKING_GROUP, TOPIC.bookingCreated],
      [DEVSTATS_FUNNEL_DEAL_GROUP, TOPIC.dealSaleStarted],
      [DEVSTATS_DIMENSION_GROUP, TOPIC.propertyObjectUpserted],
    ] as const;
    for (const [specGroup, specTopic] of groups) {
      const [groupId, topic] = [brokerGroup(specGroup), brokerTopic(specTopic)];
      if (!existing.has(topic)) continue;
      await resetGroupOffsets(admin, groupId, topic, "end").catch((error: unknown) =>
        console.warn(`devstats e2e: ${groupId} not moved: ${String(error)}`),
      );
    }
  } finally {
    await admin.close();
  }
}

describeWithService(
  ["postgres", "kafka", "clickhouse"],
  "e2e over real Kafka: a booking made through GraphQL reaches funnel_daily and conversionFunnel",
  () => {
    let t: TestApp;
    const database = uniqueChDatabase("devstats_kafka_e2e");
    let path: { projectId: string; buildingId: string; objectId: string; developerId: string };

    beforeAll(async () => {
      await startDevStatsGroupsAtTheEnd(kafkaBrokers());
      const clock = new ManualClock(new Date());
      t = await startTestApp({
        clock,
        kafkaBrokers: kafkaBrokers().join(","),
        env: {
          PIN_ANALYTICS: "auto",
          CLICKHOUSE_URL: clickhouseUrl(),
          PIN_DEVSTATS_DATABASE: database,
          // The batch deadline is the broker's fetch wait: short, so the test does not wait 5 s a hop.
          PIN_DEVSTATS_BATCH_MS: "200",
        },
      });
      if (!t.app.devstats) throw new Error("dev-stats did not start on the ClickHouse server");
      const { logger } = createMemoryLogger();
      await seedDemoChessboard({ db: t.db, clock, log: logger });
      await seedDemoCrm({ db: t.db, clock, log: logger });
      const own = await createApartmentUnderDemoDeveloper(
        { db: t.db, clock },
        { name: "ЖК Воронка", addressLine: "ул. Аналитическая, 1" },
      );
      path = {
        projectId: own.project.id,
        buildingId: own.building.id,
        objectId: own.object.id,
        developerId: own.developerId,
      };
      await eventually(
        () => t.db.crmPropertyObjectReplica.findUnique({ where: { id: path.objectId } }),
        "crm replica",
      );
    }, 180_000);
    afterAll(async () => {
      await t?.app.devstats?.clickhouse.command(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
      await t?.stop();
    });

    it("dimension ingest over Kafka: chessboard's property-object-upserted puts the object's path into dim_property_object", async () => {
      const ch = t.app.devstats!.clickhouse;
      const [dimension] = await eventually(async () => {
        const rows = await ch.query<Record<string, string>>(
          `SELECT DeveloperId, ProjectId, BuildingId, LayoutGroupId, LayoutId FROM ${database}.dim_property_object
           WHERE PropertyObjectId = '${path.objectId}'`,
        );
        return rows.length > 0 ? rows : null;
      }, "dim_property_object row");
      expect(dimension).toEqual({
        DeveloperId: path.developerId,
        ProjectId: path.projectId,
        BuildingId: path.buildingId,
        LayoutGroupId: "",
        LayoutId: "",
      });
    }, 120_000);

    it("createBooking → crm outbox → relay → pin.crm.booking-created.v1 → funnel consumer → funnel_daily; conversionFunnel answers 1 booking", async () => {
      const ch = t.app.devstats!.clickhouse;
      // The booking is counted only once its dimension is there (else it parks and waits 30 s).
      await eventually(async () => {
        const rows = await ch.query<{ n: string }>(
          `SELECT count() AS n FROM ${database}.dim_property_object WHERE PropertyObjectId = '${path.objectId}'`,
        );
        return Number(rows[0]?.n) > 0;
      }, "dimension before the booking");
      const day = t.clock.now().toISOString().slice(0, 10);
      const dm = await t.tokenFor("developer_manager");
      const filter = { from: day, to: day, groupBy: "DAY", projectId: path.projectId };
      const before = await t.graphql<FunnelAnswer>(FUNNEL, { filter }, dm);
      expect(before.data?.conversionFunnel.data?.counts.bookings).toBe(0);

      const booked = await t.graphql<{ createBooking: { __typename: string } }>(
        `mutation($d: ID!, $o: ID!) { createBooking(dealId: $d, propertyObjectId: $o) { __typename ... on Error { code message } } }`,
        { d: DEMO_CRM.agentDealIds[0], o: path.objectId },
        await t.tokenFor("agent"),
      );
      expect(booked.errors).toBeUndefined();
      expect(booked.data?.createBooking.__typename).toBe("MutationCreateBookingSuccess");
      const booking = await t.db.crmBooking.findFirstOrThrow({ where: { propertyObjectId: path.objectId } });

      const stored = await eventually(async () => {
        const rows = await ch.query<{ n: string }>(
          `SELECT toUInt64(uniqMerge(Bookings)) AS n FROM ${database}.funnel_daily
           WHERE PropertyObjectId = '${path.objectId}' AND EventDate = toDate('${day}')`,
        );
        return Number(rows[0]?.n) > 0 ? Number(rows[0]?.n) : null;
      }, "the booking in funnel_daily");
      expect(stored).toBe(1);
      const slice = await ch.query<Record<string, string>>(
        `SELECT DeveloperId, ProjectId, BuildingId FROM ${database}.funnel_daily
         WHERE PropertyObjectId = '${path.objectId}' GROUP BY DeveloperId, ProjectId, BuildingId`,
      );
      expect(slice).toEqual([
        { DeveloperId: path.developerId, ProjectId: path.projectId, BuildingId: path.buildingId },
      ]);

      const after = await t.graphql<FunnelAnswer>(FUNNEL, { filter }, dm);
      expect(after.errors).toBeUndefined();
      expect(after.data?.conversionFunnel.data).toEqual({
        developerId: path.developerId,
        counts: { views: 0, bookings: 1, deals: 0 },
        ratios: [],
        days: [{ day, counts: { bookings: 1 } }],
      });
      expect(booking.createdAt.toISOString().slice(0, 10)).toBe(day);
    }, 120_000);

    it("confirmBooking → startSale → pin.crm.deal-sale-started.v1 → deals consumer → funnel_daily.Deals; conversionFunnel answers Bookings → Deals = 1", async () => {
      const ch = t.app.devstats!.clickhouse;
      const booking = await t.db.crmBooking.findFirstOrThrow({ where: { propertyObjectId: path.objectId } });
      const confirmed = await t.graphql<{ confirmBooking: { __typename: string } }>(
        `mutation($b: ID!) { confirmBooking(bookingId: $b) { __typename ... on Error { code message } } }`,
        { b: booking.id },
        await t.tokenFor("agent"),
      );
      expect(confirmed.data?.confirmBooking.__typename).toBe("MutationConfirmBookingSuccess");
      const dm = await t.tokenFor("developer_manager");
      const sold = await t.graphql<{ startSale: { __typename: string } }>(
        `mutation($b: ID!) { startSale(bookingId: $b) { __typename ... on Error { code message } } }`,
        { b: booking.id },
        dm,
      );
      expect(sold.data?.startSale.__typename).toBe("MutationStartSaleSuccess");
      const day = t.clock.now().toISOString().slice(0, 10);
      const deals = await eventually(async () => {
        const rows = await ch.query<{ n: string }>(
          `SELECT toUInt64(uniqMerge(Deals)) AS n FROM ${database}.funnel_daily
           WHERE PropertyObjectId = '${path.objectId}' AND EventDate = toDate('${day}')`,
        );
        return Number(rows[0]?.n) > 0 ? Number(rows[0]?.n) : null;
      }, "the sale in funnel_daily");
      expect(deals).toBe(1);
      const after = await t.graphql<FunnelAnswer>(
        FUNNEL,
        { filter: { from: day, to: day, groupBy: "TOTAL", projectId: path.projectId } },
        dm,
      );
      expect(after.data?.conversionFunnel.data?.counts).toEqual({ views: 0, bookings: 1, deals: 1 });
      expect(after.data?.conversionFunnel.data?.ratios).toEqual([
        { from: "BOOKINGS", to: "DEALS", ratio: 1 },
      ]);
    }, 120_000);
  },
);
