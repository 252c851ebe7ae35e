import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyBookingDecision } from "../../../src/domain/crm/booking/apply-booking-decision.js";
import { decideBooking } from "../../../src/domain/crm/booking/booking.decide.js";
import { findBooking } from "../../../src/domain/crm/booking/booking.repository.js";
import type { Booking } from "../../../src/domain/crm/booking/booking.types.js";
import { writeBatchVersioned } from "../../../src/domain/crm/booking/booking-batch.writer.js";
import { DEFAULT_PROGRAM_TERMS } from "../../../src/domain/crm/booking/booking-program.repository.js";
import { claimDueBookings } from "../../../src/domain/crm/booking/claim-due-bookings.js";
import { loadCreateBookingContext } from "../../../src/domain/crm/booking/create-booking-context.repository.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import {
  codeOf,
  crmHarness,
  outboxTopicsFor,
  START,
  seedEngagedDeal,
  seedPropertyObject,
  viewers,
} from "./crm-fixtures.js";

// createBooking's read and write are one statement each and the worker claims and loads in one
// statement (decision 0046); these tests pin down that each statement is all or nothing.
const HOUR = 3_600_000;
let database: MigratedDatabase;

beforeAll(async () => {
  database = await createMigratedDatabase("crm_write_statements");
});
afterAll(async () => {
  await database?.drop();
});

async function timelineCount(dealId: string): Promise<number> {
  return database.prisma.crmTimelineEntry.count({ where: { dealId } });
}

describe("createBooking as one read and one write statement", () => {
  it("the write finds the deal moved since the read: CRM_CONCURRENT_MODIFICATION and nothing is written", async () => {
    const db = database.prisma;
    const clock = new ManualClock(START);
    const dealId = await seedEngagedDeal(db);
    const propertyObjectId = await seedPropertyObject(db);
    const context = await loadCreateBookingContext(db, dealId, propertyObjectId, null);
    expect(context?.deal.version).toBe(1);
    const bookingId = randomUUID();
    const decision = decideBooking(
      null,
      {
        type: "CreateBooking",
        bookingId,
        deal: context!.deal,
        propertyObject: context!.propertyObject,
        terms: DEFAULT_PROGRAM_TERMS,
        initiatedBy: "Agent",
        actorUserId: viewers.agent.userId,
        requisiteSetId: null,
      },
      clock.now(),
    );
    await db.crmDeal.update({ where: { id: dealId }, data: { title: "renamed", version: 2 } });

    const code = await codeOf(
      applyBookingDecision(db, null, decision, context!.deal, viewers.agent.userId, {}, clock),
    );

    expect(code).toBe("CRM_CONCURRENT_MODIFICATION");
    expect(await findBooking(db, bookingId)).toBeNull();
    expect(await timelineCount(dealId)).toBe(0);
    expect(await outboxTopicsFor(db, bookingId)).toEqual([]);
    const deal = await db.crmDeal.findUniqueOrThrow({ where: { id: dealId } });
    expect({ status: deal.status, version: deal.version }).toEqual({ status: "Application", version: 2 });
  });

  it("a busy property object (unique index) refuses with CRM_BOOKING_PROPERTY_OBJECT_BUSY and leaves the second deal untouched", async () => {
    const db = database.prisma;
    const { commands } = crmHarness(db);
    const propertyObjectId = await seedPropertyObject(db);
    const first = await seedEngagedDeal(db);
    const second = await seedEngagedDeal(db);
    await commands.createBooking(viewers.agent, { dealId: first, propertyObjectId });

    const code = await codeOf(commands.createBooking(viewers.agent, { dealId: second, propertyObjectId }));

    expect(code).toBe("CRM_BOOKING_PROPERTY_OBJECT_BUSY");
    const deal = await db.crmDeal.findUniqueOrThrow({ where: { id: second } });
    expect({ status: deal.status, version: deal.version }).toEqual({ status: "Application", version: 1 });
    expect(await timelineCount(second)).toBe(0);
    expect(await db.crmBooking.count({ where: { dealId: second } })).toBe(0);
  });

  it("the one read finds the deal's active booking, the replica row and the named programme", async () => {
    const db = database.prisma;
    const { commands } = crmHarness(db);
    const dealId = await seedEngagedDeal(db);
    const propertyObjectId = await seedPropertyObject(db);
    const unknownProgram = randomUUID();
    const before = await loadCreateBookingContext(db, dealId, propertyObjectId, unknownProgram);
    expect(before).toMatchObject({ activeBookingId: null, program: null });
    expect(before?.propertyObject).toMatchObject({ id: propertyObjectId, status: "Free" });

    const { booking } = await commands.createBooking(viewers.agent, { dealId, propertyObjectId });
    const after = await loadCreateBookingContext(db, dealId, randomUUID(), null);

    expect(after).toMatchObject({ activeBookingId: booking.id, propertyObject: null });
    expect(after?.deal).toMatchObject({ id: dealId, status: "Booking", version: 2 });
    expect(await loadCreateBookingContext(db, randomUUID(), propertyObjectId, null)).toBeNull();
  });
});

describe("expiration batch statements", () => {
  it("claimDueBookings returns each due booking with its deal in one statement and skips rows another worker holds", async () => {
    const db = database.prisma;
    const { commands, clock } = crmHarness(db);
    const ids: string[] = [];
    for (const dealId of [await seedEngagedDeal(db), await seedEngagedDeal(db)]) {
      const applied = await commands.createBooking(viewers.agent, {
        dealId,
        propertyObjectId: await seedPropertyObject(db),
      });
      ids.push(applied.booking.id);
    }
    const [held, free] = ids as [string, string];
    const late = new Date(clock.now().getTime() + 2 * HOUR);

    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = false;
    // The other worker claims every due row but `free`, and keeps them locked.
    const holder = db.$transaction(async (tx) => {
      const claimed = await claimDueBookings(tx, late, 1_000, [free]);
      expect(claimed.map((c) => c.row.id)).toContain(held);
      holding = true;
      await released;
    });
    while (!holding) await new Promise((resolve) => setImmediate(resolve));
    const claimed = await db.$transaction((tx) => claimDueBookings(tx, late, 1_000, []));
    release();
    await holder;

    expect(claimed.map((c) => c.row.id)).toEqual([free]);
    expect(claimed[0]!.deal).toMatchObject({
      dealId: claimed[0]!.row.dealId,
      dealStatus: "Booking",
      dealVersion: 2,
    });
  });

  it("writeBatchVersioned is all or nothing: one moved booking version rejects the whole batch", async () => {
    const db = database.prisma;
    const { commands, clock } = crmHarness(db);
    const dealIds = [await seedEngagedDeal(db), await seedEngagedDeal(db)];
    const bookings: Booking[] = [];
    for (const dealId of dealIds) {
      const applied = await commands.createBooking(viewers.agent, {
        dealId,
        propertyObjectId: await seedPropertyObject(db),
      });
      bookings.push(applied.booking);
    }
    const late = new Date(clock.now().getTime() + 2 * HOUR);
    const decisions = bookings.map((b) => decideBooking(b, { type: "ExpireBooking" }, late));
    await db.crmBooking.update({ where: { id: bookings[1]!.id }, data: { version: 5 } });

    const code = await codeOf(
      db.$transaction((tx) =>
        writeBatchVersioned(
          tx,
          {
            bookings: decisions.map((d, i) => ({ previousVersion: bookings[i]!.version, next: d.next })),
            deals: [],
            timeline: decisions.flatMap((d) => d.timeline),
            events: decisions.flatMap((d) => d.events),
          },
          {},
          clock,
          late,
        ),
      ),
    );

    expect(code).toBe("CRM_CONCURRENT_MODIFICATION");
    const first = await findBooking(db, bookings[0]!.id);
    expect({ status: first?.status, version: first?.version }).toEqual({ status: "Reserved", version: 1 });
    expect(await outboxTopicsFor(db, bookings[0]!.id)).toHaveLength(1);
    expect(await db.crmTimelineEntry.count({ where: { bookingId: bookings[0]!.id } })).toBe(2);
  });
});
