/**
 * Conformance of booking-created's readers to the specification (issue #20, decisions 0300/0303),
 * over real Kafka with every consumer group running: payloads written from the spec — the funnel's
 * table (devstats-funnel-booking-created: BookingId, PropertyObjectId, TenantId, CreatedAt) and
 * the saga's fields (booking-saga) — published as raw records to pin.crm.booking-created.v1,
 * never built by our crm producer. The funnel counts a booking from its four fields alone;
 * an event without the deal's parties (DealAgentUserId, Version's neighbours Status and
 * InitiatedByUserId absent) is applied by chessboard, messenger and notifications, not dead-lettered.
 */
import { randomUUID } from "node:crypto";
import { Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEVSTATS_FUNNEL_BOOKING_GROUP } from "../../../src/consumers/devstats-funnel-booking-created.consumer.js";
import { TOPIC } from "../../../src/contracts/topics.js";
import { seedDemoChessboard } from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { createApartmentUnderDemoDeveloper } from "../../support/chessboard-structure.js";
import { eventually } from "../../support/eventually.js";
import { brokerTopic } from "../../support/isolation.js";
import { clickhouseUrl, describeWithService, kafkaBrokers } from "../../support/services.js";
import { uniqueChDatabase } from "./devstats-fixtures.js";

describeWithService(
  ["postgres", "kafka", "clickhouse"],
  "booking-created as the spec shapes it, over Kafka, to every reader",
  () => {
    let t: TestApp;
    const database = uniqueChDatabase("booking_conformance");
    const objects: Array<{ id: string; developerId: string }> = [];

    beforeAll(async () => {
      const clock = new ManualClock(new Date());
      t = await startTestApp({
        clock,
        kafkaBrokers: kafkaBrokers().join(","),
        env: {
          PIN_ANALYTICS: "auto",
          CLICKHOUSE_URL: clickhouseUrl(),
          PIN_DEVSTATS_DATABASE: database,
          PIN_DEVSTATS_BATCH_MS: "200",
        },
      });
      const { logger } = createMemoryLogger();
      await seedDemoChessboard({ db: t.db, clock, log: logger });
      for (const name of ["ЖК Минимум", "ЖК Сага"]) {
        const own = await createApartmentUnderDemoDeveloper(
          { db: t.db, clock },
          { name, addressLine: "ул. Спецификации, 2" },
        );
        objects.push({ id: own.object.id, developerId: own.developerId });
      }
      const ch = t.app.devstats!.clickhouse;
      await eventually(async () => {
        const rows = await ch.query<{ n: string }>(
          `SELECT count() AS n FROM ${database}.dim_property_object
           WHERE PropertyObjectId IN ('${objects.map((o) => o.id).join("','")}')`,
        );
        return Number(rows[0]?.n) >= objects.length;
      }, "dimensions");
    }, 180_000);
    afterAll(async () => {
      await t?.app.devstats?.clickhouse.command(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
      await t?.stop();
    });

    it("the funnel's four fields alone are counted; a saga-shaped event without the deal's parties reaches chessboard, messenger and notifications; no DLQ in the groups that read what it has", async () => {
      const [minimal, saga] = objects as [(typeof objects)[number], (typeof objects)[number]];
      const now = t.clock.now();
      const createdAt = now.toISOString();
      const minimalBooking = randomUUID();
      const sagaBooking = randomUUID();
      const sagaDeal = randomUUID();
      // Spec's funnel table: exactly the four fields
      const minimalText = JSON.stringify({
        BookingId: minimalBooking,
        PropertyObjectId: minimal.id,
        TenantId: minimal.developerId,
        CreatedAt: createdAt,
      });
      // The saga's booking-created without DealAgentUserId/DealInvestorUserId/Status/InitiatedByUserId,
      // plus a field no reader knows
      const sagaText = JSON.stringify({
        BookingId: sagaBooking,
        DealId: sagaDeal,
        PropertyObjectId: saga.id,
        TenantId: saga.developerId,
        Version: 1,
        CreatedAt: createdAt,
        ReserveExpiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
        ProgramTerms: { IsPaid: false, ReserveDurationMinutes: 60 },
        FutureField: { Any: "thing" },
      });
      const kafka = new Kafka({
        clientId: "booking-conformance",
        brokers: kafkaBrokers(),
        logLevel: logLevel.NOTHING,
      });
      const producer = kafka.producer();
      await producer.connect();
      const headers = (key: string) => ({
        [HEADER.messageId]: randomUUID(),
        [HEADER.eventType]: "booking-created",
        [HEADER.contractVersion]: "1",
        [HEADER.aggregateId]: key,
        [HEADER.createdAt]: createdAt,
      });
      await producer.send({
        topic: brokerTopic(TOPIC.bookingCreated),
        messages: [
          { key: minimalBooking, value: minimalText, headers: headers(minimalBooking) },
          { key: sagaBooking, value: sagaText, headers: headers(sagaBooking) },
        ],
      });
      await producer.disconnect();

      const ch = t.app.devstats!.clickhouse;
      const counted = await eventually(async () => {
        const rows = await ch.query<{ n: string }>(
          `SELECT toUInt64(uniqMerge(Bookings)) AS n FROM ${database}.funnel_daily
           WHERE PropertyObjectId IN ('${minimal.id}', '${saga.id}')`,
        );
        return Number(rows[0]?.n) >= 2 ? Number(rows[0]?.n) : null;
      }, "both bookings in funnel_daily");
      expect(counted).toBe(2);

      const object = await eventually(async () => {
        const row = await t.db.chessboardPropertyObject.findUnique({ where: { id: saga.id } });
        return row?.status === "Reserved" ? row : null;
      }, "chessboard reserved the object");
      expect(object.status).toBe("Reserved");
      const chat = await eventually(
        () => t.db.messengerDealChat.findUnique({ where: { dealId: sagaDeal } }),
        "messenger opened the chat",
      );
      expect(chat.agentUserId).toBeNull();
      const parties = await eventually(
        () => t.db.notificationDealParticipants.findUnique({ where: { dealId: sagaDeal } }),
        "notifications recorded the parties",
      );
      expect(parties.agentUserId).toBeNull();

      const dlq = await t.db.$queryRaw<Array<{ group_id: string; key: string; error_code: string }>>`
        SELECT group_id, key, error_code FROM platform.dead_letters WHERE key IN (${minimalBooking}, ${sagaBooking})`;
      // The saga-shaped event: no DLQ anywhere. The four-field one: only the groups that need a
      // DealId (chessboard's hold, the chat, the participants) refuse it, with the contract code.
      expect(dlq.filter((d) => d.key === sagaBooking)).toEqual([]);
      // Read again on every poll: the three groups dead-letter at their own pace (a first read that
      // already held one or two of them used to be polled forever).
      const minimalDlq = await eventually(async () => {
        const rows = await t.db.$queryRaw<typeof dlq>`
          SELECT group_id, key, error_code FROM platform.dead_letters WHERE key = ${minimalBooking}`;
        return rows.length >= 3 ? rows : null;
      }, "the four-field event refused by the DealId readers");
      expect(
        minimalDlq
          .filter((d) => d.key === minimalBooking)
          .map((d) => d.group_id)
          .sort(),
      ).toEqual([
        "pin-chessboard-crm-property-object-status",
        "pin-messenger-booking-cards",
        "pin-notifications-booking",
      ]);
      expect(new Set(minimalDlq.map((d) => d.error_code))).toEqual(new Set(["EVENT_CONTRACT_INVALID"]));
      expect(minimalDlq.some((d) => d.group_id === DEVSTATS_FUNNEL_BOOKING_GROUP)).toBe(false);
    }, 180_000);
  },
);
