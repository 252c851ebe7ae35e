import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemoChessboard } from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM, seedDemoCrm } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { createApartmentUnderDemoDeveloper } from "../../support/chessboard-structure.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";

describeWithService(
  ["postgres", "kafka"],
  "e2e over real Kafka: a booking made through GraphQL reaches the storefront card",
  () => {
    let t: TestApp;
    let objectId: string;

    beforeAll(async () => {
      const clock = new ManualClock(new Date());
      t = await startTestApp({ clock, kafkaBrokers: kafkaBrokers().join(",") });
      const { logger } = createMemoryLogger();
      await seedDemoChessboard({ db: t.db, clock, log: logger });
      await seedDemoCrm({ db: t.db, clock, log: logger });
      const { object } = await createApartmentUnderDemoDeveloper(
        { db: t.db, clock },
        { name: "ЖК Сквозной", addressLine: "ул. Сквозная, 1" },
      );
      objectId = object.id;
      await eventually(
        () => t.db.crmPropertyObjectReplica.findUnique({ where: { id: objectId } }),
        "crm replica",
      );
      // The integration project's hookTimeout (180 s): booting the app and seeding two demo
      // contexts over Kafka took longer than 120 s beside parallel files on a loaded host.
    });
    afterAll(async () => {
      await t?.stop();
    });

    it("createBooking → crm → chessboard → property-object-status-changed → catalog: the lot card is Reserved and the project's available count drops", async () => {
      const lot = await eventually(async () => {
        const c = await t.db.catalogPropertyObjectCard.findUnique({ where: { id: objectId } });
        return c?.status === "Published" ? c : null;
      }, "published lot card");
      expect(lot.propertyObjectStatus).toBe("Free");
      const available = (await t.db.catalogProjectCard.findUniqueOrThrow({ where: { id: lot.projectId } }))
        .propertyObjectsAvailable;

      const booked = await t.graphql<{ createBooking: { __typename: string } }>(
        `mutation($d: ID!, $o: ID!) { createBooking(dealId: $d, propertyObjectId: $o) { __typename ... on Error { code message } } }`,
        { d: DEMO_CRM.agentDealIds[0], o: objectId },
        await t.tokenFor("agent"),
      );
      expect(booked.errors).toBeUndefined();
      expect(booked.data?.createBooking.__typename).toBe("MutationCreateBookingSuccess");

      const reserved = await eventually(async () => {
        const c = await t.db.catalogPropertyObjectCard.findUnique({ where: { id: objectId } });
        return c?.propertyObjectStatus === "Reserved" ? c : null;
      }, "Reserved on the lot card");
      expect(reserved.status).toBe("Published");
      const project = await t.db.catalogProjectCard.findUniqueOrThrow({ where: { id: lot.projectId } });
      expect(project.propertyObjectsAvailable).toBe(available - 1);
    }, 120_000);
  },
);
