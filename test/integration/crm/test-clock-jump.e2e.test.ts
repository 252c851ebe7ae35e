import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { systemClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";
import { seedEngagedDeal } from "./crm-fixtures.js";

/**
 * Issue #21 item 4: right after a test-clock jump every timer of the system comes due at once
 * (reserves, lost holds, display overrides) and every consumer group of the local event log gets
 * work in the same instant. The local transport held one pool connection per group "idle in
 * transaction" (the group's advisory lock) while the group's own work waited for another one:
 * with more groups than the pool has connections, the pool of 10 was all lock holders, the work
 * hit Prisma P2028 (no connection within maxWait) and nothing moved until the 5-minute poll
 * transactions timed out. Here the clock jumps by hours with work of every kind due, on a pool
 * of 4 — fewer connections than consumer groups, so the old lock stalled at once (already while
 * the world was being built) instead of only under the right burst: everything must be done
 * within a minute, with no P2028 in the log and no connection idle in transaction for long.
 */
const ADVANCE = `mutation($m: Int!) { advanceTestClock(minutes: $m) {
  ... on MutationAdvanceTestClockSuccess { data { now offsetMinutes } }
  ... on Error { code } } }`;
const CREATE_BOOKING = `mutation($d: ID!, $p: ID!) { createBooking(dealId: $d, propertyObjectId: $p) {
  ... on MutationCreateBookingSuccess { data { id } } ... on Error { code } } }`;
const SET_OVERRIDE = `mutation($id: ID!, $in: PropertyObjectDisplayOverrideInput!) {
  setPropertyObjectDisplayOverride(propertyObjectId: $id, input: $in) {
    __typename ... on Error { code } } }`;

const BOOKINGS = 24;
const LOST_HOLDS = 4;
const OVERRIDES = 4;
const OBJECTS = BOOKINGS + LOST_HOLDS + OVERRIDES;
const JUMP_MINUTES = 6 * 60;
/** "Promptly": the cycles run every second; a minute is generous on a loaded 2-core machine. */
const PROMPT_MS = 60_000;
/** Longer than any transaction of a healthy system stays idle between its statements */
const IDLE_IN_TX_LIMIT_S = 5;

describeWithService(["postgres"], "test clock jumped by hours with work due (issue #21 item 4)", () => {
  let t: TestApp;
  let structure: Structure;
  const memory = createMemoryLogger();

  beforeAll(async () => {
    t = await startTestApp({
      clock: systemClock,
      log: memory.logger,
      env: {
        LOG_LEVEL: "info",
        PIN_TEST_CLOCK: "true",
        PIN_DB_POOL_SIZE: "4",
        PIN_BOOKING_EXPIRATION_CYCLE_SECONDS: "1",
        PIN_HOLD_EXPIRATION_CYCLE_SECONDS: "1",
        PIN_HOLD_EXPIRATION_GRACE_MINUTES: "10",
        PIN_CATALOG_OVERRIDE_EXPIRY_CYCLE_SECONDS: "1",
      },
    });
    structure = await createStructure(t.db, t.app.clock, OBJECTS);
    await eventually(
      async () =>
        (await t.db.crmPropertyObjectReplica.count({ where: { tenantId: structure.developerId } })) ===
          OBJECTS &&
        (await t.db.catalogPropertyObjectCard.count({ where: { id: { in: structure.objectIds } } })) ===
          OBJECTS,
    );
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("a jump of 6 h with reserves, lost holds and display overrides due: all processed within a minute, no P2028, no connection left idle in transaction", async () => {
    const agent = await t.tokenFor("agent");
    const admin = await t.tokenFor("admin");
    const bookingObjects = structure.objectIds.slice(0, BOOKINGS);
    const holdObjects = structure.objectIds.slice(BOOKINGS, BOOKINGS + LOST_HOLDS);
    const overrideObjects = structure.objectIds.slice(BOOKINGS + LOST_HOLDS);
    const bookingIds: string[] = [];
    for (const objectId of bookingObjects) {
      const dealId = await seedEngagedDeal(t.db, {
        agentUserId: DEMO_USERS.agent.userId,
        investorUserId: DEMO_USERS.investor.userId,
        tenantId: structure.developerId,
        at: t.app.clock.now(),
      });
      const created = await t.graphql<{ createBooking: { data?: { id: string }; code?: string } }>(
        CREATE_BOOKING,
        { d: dealId, p: objectId },
        agent,
      );
      const id = created.data?.createBooking.data?.id;
      expect(id, JSON.stringify(created)).toBeTruthy();
      bookingIds.push(id as string);
    }
    const now = t.app.clock.now();
    for (const objectId of holdObjects)
      await t.db.chessboardPropertyObject.update({
        where: { id: objectId },
        data: {
          status: "Reserved",
          holdBookingId: randomUUID(),
          holdDealId: randomUUID(),
          holdBookingVersion: 1,
          reservedUntil: new Date(now.getTime() + 30 * 60_000),
        },
      });
    for (const objectId of overrideObjects) {
      const expiresAt = new Date(now.getTime() + 30 * 60_000).toISOString();
      const set = await t.graphql<{ setPropertyObjectDisplayOverride: { __typename: string } }>(
        SET_OVERRIDE,
        { id: objectId, in: { badge: "Скидка недели", expiresAt } },
        admin,
      );
      expect(set.data?.setPropertyObjectDisplayOverride.__typename, JSON.stringify(set)).toBe(
        "MutationSetPropertyObjectDisplayOverrideSuccess",
      );
    }
    await eventually(
      async () =>
        (await t.db.chessboardPropertyObject.count({
          where: { id: { in: bookingObjects }, status: "Reserved" },
        })) === BOOKINGS,
    );
    const logBefore = memory.entries.length;

    const moved = await t.graphql<{ advanceTestClock: { data?: { offsetMinutes: number } } }>(
      ADVANCE,
      { m: JUMP_MINUTES },
      admin,
    );
    expect(moved.data?.advanceTestClock.data?.offsetMinutes).toBeGreaterThanOrEqual(JUMP_MINUTES);
    const jumped = Date.now();

    const longIdle: string[] = [];
    const database = new URL(t.app.databaseUrl).pathname.slice(1);
    const sampleIdle = async () => {
      const rows = await t.db.$queryRaw<Array<{ pid: number; seconds: number; query: string }>>`
        SELECT pid, extract(epoch FROM now() - state_change)::float8 AS seconds, left(query, 120) AS query
          FROM pg_stat_activity
         WHERE datname = ${database} AND state = 'idle in transaction'
           AND now() - state_change > make_interval(secs => ${IDLE_IN_TX_LIMIT_S})`;
      for (const r of rows)
        longIdle.push(`pid ${r.pid} idle in transaction ${r.seconds.toFixed(1)} s after: ${r.query}`);
    };
    const state = async () => ({
      expired: await t.db.crmBooking.count({ where: { id: { in: bookingIds }, status: "ReserveExpired" } }),
      free: await t.db.chessboardPropertyObject.count({
        where: { id: { in: [...bookingObjects, ...holdObjects] }, status: "Free" },
      }),
      overrides: await t.db.catalogPropertyObjectDisplayOverride.count({
        where: { propertyObjectId: { in: overrideObjects } },
      }),
      catalogFree: await t.db.catalogPropertyObjectCard.count({
        where: { id: { in: [...bookingObjects, ...holdObjects] }, propertyObjectStatus: "Free" },
      }),
    });
    let last = await state();
    while (Date.now() - jumped < PROMPT_MS) {
      await sampleIdle();
      last = await state();
      if (
        last.expired === BOOKINGS &&
        last.free === BOOKINGS + LOST_HOLDS &&
        last.overrides === 0 &&
        last.catalogFree === BOOKINGS + LOST_HOLDS
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const tookMs = Date.now() - jumped;
    console.log(
      `[clock-jump] +${JUMP_MINUTES} min: all due work done in ${tookMs} ms (${JSON.stringify(last)})`,
    );
    expect(last, `processed within ${PROMPT_MS} ms`).toEqual({
      expired: BOOKINGS,
      free: BOOKINGS + LOST_HOLDS,
      overrides: 0,
      catalogFree: BOOKINGS + LOST_HOLDS,
    });
    await sampleIdle();
    expect(longIdle, "connections idle in transaction").toEqual([]);
    const transactionErrors = memory.entries
      .slice(logBefore)
      .map((e) => JSON.stringify(e))
      .filter((line) => line.includes("P2028") || line.includes("Transaction API error"));
    expect(transactionErrors.slice(0, 5), "Prisma P2028 in the log").toEqual([]);
  }, 240_000);
});
