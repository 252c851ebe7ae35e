import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PropertyObjectStatusChangedEvent } from "../../../src/contracts/chessboard-events.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { systemClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";
import { seedEngagedDeal } from "./crm-fixtures.js";

const ADVANCE = `mutation($m: Int!) { advanceTestClock(minutes: $m) {
  ... on MutationAdvanceTestClockSuccess { data { now offsetMinutes } }
  ... on Error { code } } }`;
type AdvanceResult = {
  advanceTestClock: { data?: { now: string; offsetMinutes: number }; code?: string };
};
const RESERVE_MINUTES = 60;
const GRACE_MINUTES = 10;

describeWithService(
  ["postgres"],
  "test clock: admins move now forward on a test/embedded database (issue 14)",
  () => {
    let t: TestApp;
    let structure: Structure;

    beforeAll(async () => {
      t = await startTestApp({
        clock: systemClock,
        env: {
          PIN_TEST_CLOCK: "true",
          PIN_BOOKING_EXPIRATION_CYCLE_SECONDS: "1",
          PIN_HOLD_EXPIRATION_CYCLE_SECONDS: "1",
          PIN_HOLD_EXPIRATION_GRACE_MINUTES: String(GRACE_MINUTES),
          PIN_OUTBOX_RELAY_INTERVAL_MS: "20",
        },
      });
      structure = await createStructure(t.db, t.app.clock, 2);
      await eventually(
        async () =>
          (await t.db.crmPropertyObjectReplica.count({ where: { tenantId: structure.developerId } })) === 2,
      );
    });
    afterAll(async () => {
      await t?.stop();
    });

    const object = (id: string) => t.db.chessboardPropertyObject.findUniqueOrThrow({ where: { id } });
    async function advance(minutes: number, role: "admin" | "agent" = "admin") {
      return t.graphql<AdvanceResult>(ADVANCE, { m: minutes }, await t.tokenFor(role));
    }

    it("booking expiry through the test clock: a reserve expires once an admin moves now past ReserveExpiresAt, and chessboard frees the object", async () => {
      const objectId = structure.objectIds[0]!;
      const dealId = await seedEngagedDeal(t.db, {
        agentUserId: DEMO_USERS.agent.userId,
        investorUserId: DEMO_USERS.investor.userId,
        tenantId: structure.developerId,
        at: t.app.clock.now(),
      });
      const created = await t.graphql<{ createBooking: { data?: { id: string }; code?: string } }>(
        `mutation($d: ID!, $p: ID!) { createBooking(dealId: $d, propertyObjectId: $p) {
         ... on MutationCreateBookingSuccess { data { id } } ... on Error { code } } }`,
        { d: dealId, p: objectId },
        await t.tokenFor("agent"),
      );
      const bookingId = created.data?.createBooking.data?.id;
      expect(bookingId, JSON.stringify(created)).toBeTruthy();
      await eventually(async () => (await object(objectId)).status === "Reserved");

      // Not due yet: a worker cycle passes and nothing expires.
      const before = t.app.clock.now();
      const moved = await advance(RESERVE_MINUTES + 1);
      const now = new Date(moved.data!.advanceTestClock.data!.now);
      expect(now.getTime() - before.getTime()).toBeGreaterThanOrEqual((RESERVE_MINUTES + 1) * 60_000);

      await eventually(
        async () =>
          (await t.db.crmBooking.findUniqueOrThrow({ where: { id: bookingId! } })).status ===
          "ReserveExpired",
      );
      await eventually(async () => (await object(objectId)).status === "Free");
    });

    it("safety worker through the test clock: a hold whose release was lost is freed once now passes its deadline plus grace", async () => {
      const objectId = structure.objectIds[1]!;
      const now = t.app.clock.now();
      // A hold chessboard never got the release of (the crm side of this booking does not exist).
      await t.db.chessboardPropertyObject.update({
        where: { id: objectId },
        data: {
          status: "Reserved",
          holdBookingId: randomUUID(),
          holdDealId: randomUUID(),
          holdBookingVersion: 1,
          reservedUntil: new Date(now.getTime() + RESERVE_MINUTES * 60_000),
        },
      });
      await advance(RESERVE_MINUTES);
      expect((await object(objectId)).status).toBe("Reserved");
      await advance(GRACE_MINUTES + 1);
      await eventually(async () => (await object(objectId)).status === "Free");
      const events = await t.db.$queryRaw<Array<{ payload: PropertyObjectStatusChangedEvent }>>`
      SELECT payload FROM platform.outbox WHERE topic = ${TOPIC.propertyObjectStatusChanged} AND key = ${objectId}`;
      expect(events.map((e) => e.payload.StatusSource)).toContain("HoldExpiration");
    });

    it("advanceTestClock is admin-only (AUTH_FORBIDDEN) and refuses a step out of range (TEST_CLOCK_INVALID_STEP)", async () => {
      expect((await advance(5, "agent")).data?.advanceTestClock.code).toBe("AUTH_FORBIDDEN");
      expect((await advance(0)).data?.advanceTestClock.code).toBe("TEST_CLOCK_INVALID_STEP");
    });

    it("without PIN_TEST_CLOCK the mutation answers TEST_CLOCK_DISABLED", async () => {
      const plain = await startTestApp({ roles: ["api"], databaseUrl: t.app.databaseUrl });
      try {
        const result = await plain.graphql<AdvanceResult>(ADVANCE, { m: 5 }, await plain.tokenFor("admin"));
        expect(result.data?.advanceTestClock.code).toBe("TEST_CLOCK_DISABLED");
      } finally {
        await plain.stop();
      }
    });

    it("PIN_TEST_CLOCK on a configured database outside tests refuses to start", async () => {
      await expect(
        startTestApp({
          roles: ["api"],
          databaseUrl: t.app.databaseUrl,
          env: { NODE_ENV: "development", PIN_TEST_CLOCK: "true" },
        }),
      ).rejects.toThrow(/PIN_TEST_CLOCK/);
    });
  },
);
