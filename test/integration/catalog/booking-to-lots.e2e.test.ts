import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEMO_CHESSBOARD,
  seedDemoChessboard,
} from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { createChessboardStructure } from "../../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { DEMO_CRM, seedDemoCrm } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import type { Viewer } from "../../../src/platform/auth/viewer.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";
import { eventually } from "./catalog-fixtures.js";

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
      // A project of its own (random ids): the demo's fixed ids are shared by every run on the
      // shared Kafka, so their cards would also take other runs' events.
      const structure = createChessboardStructure({ db: t.db, clock });
      const system: Viewer = { userId: DEMO_USERS.system.userId, roles: ["system"], tenantId: null };
      const demoProject = await t.db.chessboardProject.findFirstOrThrow({
        where: { buildings: { some: { id: DEMO_CHESSBOARD.buildingId } } },
      });
      const project = await structure.createProject(system, {
        tenantId: demoProject.tenantId,
        name: "ЖК Сквозной",
        status: "Published",
        type: "ResidentialComplex",
        class: "Business",
        constructionStatus: "UnderConstruction",
        country: { id: 643, name: "Russia", isoCode: "RU" },
        region: { id: 77, name: "Москва" },
        city: { id: 1, name: "Москва" },
        addressLine: "ул. Сквозная, 1",
      });
      const building = await structure.createBuilding(system, {
        projectId: project.id,
        name: "Корпус 1",
        status: "Published",
        floorsTotal: 10,
        sectionsCount: 1,
        deliveryYear: 2027,
        deliveryQuarter: 4,
        constructionStatus: "UnderConstruction",
      });
      const object = await structure.createPropertyObject(system, {
        buildingId: building.id,
        number: "1",
        floor: 2,
        section: 1,
        rooms: 1,
        totalArea: "40.00",
        livingArea: null,
        price: "8000000.00",
        propertyType: "Apartment",
      });
      objectId = object.id;
      await eventually(
        () => t.db.crmPropertyObjectReplica.findUnique({ where: { id: objectId } }),
        "crm replica",
      );
    }, 120_000);
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
