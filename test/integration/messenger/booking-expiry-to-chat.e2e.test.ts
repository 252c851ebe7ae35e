import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEMO_CHESSBOARD,
  seedDemoChessboard,
} from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM, seedDemoCrm } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { systemClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { subscribeField } from "./live-client.js";

interface Msg {
  id: string;
  kind: string;
  card: {
    kind: string;
    bookingId: string;
    apartmentNumber: string | null;
    amount: string | null;
    deadline: string | null;
  } | null;
}
const LIVE = `subscription($d: ID!, $after: String) { dealChatMessages(dealId: $d, afterMessageId: $after) {
  id kind card { kind bookingId apartmentNumber amount deadline } } }`;
const RESERVE_MINUTES = 60;
const ADVANCE = `mutation($m: Int!) { advanceTestClock(minutes: $m) {
  __typename ... on MutationAdvanceTestClockSuccess { data { now } } ... on Error { code } } }`;

describeWithService(
  "postgres",
  "e2e: a booking made through GraphQL expires through the worker and the agent's open subscription receives «confirm the booking»",
  () => {
    let t: TestApp;
    let objectId: string;
    const dealId = DEMO_CRM.agentDealIds[0];

    beforeAll(async () => {
      // The worker's real cycle runs every second; the saga's time is the test clock (PIN_TEST_CLOCK),
      // which an admin moves forward over GraphQL.
      t = await startTestApp({
        clock: systemClock,
        env: {
          PIN_TEST_CLOCK: "true",
          PIN_BOOKING_EXPIRATION_CYCLE_SECONDS: "1",
          LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "error",
        },
      });
      const clock = t.app.clock;
      const { logger } = createMemoryLogger();
      await seedDemoChessboard({ db: t.db, clock, log: logger });
      await seedDemoCrm({ db: t.db, clock, log: logger });
      const free = await t.db.chessboardPropertyObject.findFirstOrThrow({
        where: { buildingId: DEMO_CHESSBOARD.buildingId, status: "Free" },
        orderBy: { number: "asc" },
      });
      objectId = free.id;
      // crm books only objects its replica knows; the card's figures come from messenger's replica.
      await eventually(
        () => t.db.crmPropertyObjectReplica.findUnique({ where: { id: objectId } }),
        "crm replica",
      );
      await eventually(
        () => t.db.messengerPropertyObject.findUnique({ where: { id: objectId } }),
        "messenger replica",
      );
    });
    afterAll(async () => {
      await t?.stop();
    });

    it("createBooking → booking card in the chat → advanceTestClock past ReserveExpiresAt → worker → booking-expired → card on the agent's subscription", async () => {
      const agent = await t.tokenFor("agent");
      const booked = await t.graphql<{ createBooking: { __typename: string; data?: { id: string } } }>(
        `mutation($d: ID!, $o: ID!) { createBooking(dealId: $d, propertyObjectId: $o) {
           __typename ... on Error { code message } ... on MutationCreateBookingSuccess { data { id } } } }`,
        { d: dealId, o: objectId },
        agent,
      );
      expect(booked.data?.createBooking.__typename).toBe("MutationCreateBookingSuccess");
      const bookingId = booked.data!.createBooking.data!.id;

      // The chat opened with the booking card; the agent's front end shows it and subscribes after it.
      const [bookingCard] = await eventually(
        () =>
          t.db.messengerMessage
            .findMany({ where: { dealId } })
            .then((rows) => (rows.length > 0 ? rows : null)),
        "the booking card",
      );
      const live = subscribeField<Msg>(t.wsClient(agent), "dealChatMessages", LIVE, {
        d: dealId,
        after: bookingCard!.id.toString(),
      });

      const moved = await t.graphql<{ advanceTestClock: { __typename: string } }>(
        ADVANCE,
        { m: RESERVE_MINUTES + 1 },
        await t.tokenFor("admin"),
      );
      expect(moved.data?.advanceTestClock.__typename).toBe("MutationAdvanceTestClockSuccess");
      const card = await live.next();
      expect(card).toMatchObject({
        kind: "Card",
        card: {
          kind: "ReserveExpiredConfirmBooking",
          bookingId,
          apartmentNumber: expect.any(String),
          amount: expect.stringMatching(/^\d+\.\d{2}$/),
        },
      });
      expect(await t.db.crmBooking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({
        status: "ReserveExpired",
      });
      await live.close();
    });
  },
);
