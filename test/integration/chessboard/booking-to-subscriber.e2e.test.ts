import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEMO_CHESSBOARD,
  seedDemoChessboard,
} from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM, seedDemoCrm } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";
import { subscribeUpdates } from "./live-grid-client.js";

const POLL_MS = 50;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithService(
  ["postgres", "kafka"],
  "e2e over real Kafka: a booking mutation's status change reaches a graphql-ws subscriber",
  () => {
    let t: TestApp;
    let objectId: string;

    beforeAll(async () => {
      const clock = new ManualClock(new Date());
      t = await startTestApp({ clock, kafkaBrokers: kafkaBrokers().join(",") });
      const { logger } = createMemoryLogger();
      await seedDemoChessboard({ db: t.db, clock, log: logger });
      await seedDemoCrm({ db: t.db, clock, log: logger });
      const free = await t.db.chessboardPropertyObject.findFirstOrThrow({
        where: { buildingId: DEMO_CHESSBOARD.buildingId, status: "Free" },
        orderBy: { number: "asc" },
      });
      objectId = free.id;
      // crm books only objects its replica (fed by chessboard's events over Kafka) knows about.
      while (!(await t.db.crmPropertyObjectReplica.findUnique({ where: { id: objectId } })))
        await pause(POLL_MS);
    });
    afterAll(async () => {
      await t?.stop();
    });

    it("createBooking → pin.crm.booking-created → chessboard consumer → status-changed → broadcast → subscriber sees Reserved", async () => {
      const updates = subscribeUpdates(t.wsClient(await t.tokenFor("agent")), {
        buildingId: DEMO_CHESSBOARD.buildingId,
      });
      const snapshot = await updates.next();
      expect(snapshot.__typename).toBe("ChessboardSnapshot");

      const booked = await t.graphql<{ createBooking: { __typename: string; code?: string } }>(
        `mutation($d: ID!, $o: ID!) { createBooking(dealId: $d, propertyObjectId: $o) { __typename ... on Error { code message } } }`,
        { d: DEMO_CRM.agentDealIds[0], o: objectId },
        await t.tokenFor("agent"),
      );
      expect(booked.errors).toBeUndefined();
      expect(booked.data?.createBooking.__typename).toBe("MutationCreateBookingSuccess");

      const seen = await updates.until((m) => m.propertyObjectId === objectId);
      expect(seen.at(-1)).toMatchObject({
        __typename: "PropertyObjectStatusDelta",
        status: "Reserved",
        version: 2,
      });
      expect(
        await t.db.chessboardPropertyObject.findUniqueOrThrow({ where: { id: objectId } }),
      ).toMatchObject({
        status: "Reserved",
        holdDealId: DEMO_CRM.agentDealIds[0],
      });
      await updates.close();
    });
  },
);
