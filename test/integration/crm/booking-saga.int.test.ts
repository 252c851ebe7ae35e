import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createBookingExpirationWorker } from "../../../src/workers/booking-expiration.worker.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import {
  codeOf,
  crmHarness,
  OTHER_TENANT,
  outboxPayloads,
  outboxTopicsFor,
  PAID_PROGRAM,
  seedEngagedDeal,
  seedPaidProgram,
  seedPropertyObject,
  viewers,
} from "./crm-fixtures.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
let database: MigratedDatabase;

beforeAll(async () => {
  database = await createMigratedDatabase("crm_saga");
  await seedPaidProgram(database.prisma);
});
afterAll(async () => {
  await database?.drop();
});

/** Worker tests count what one cycle expired: earlier tests' bookings must not be due too. */
async function retireActiveBookings(): Promise<void> {
  await database.prisma.$executeRaw`UPDATE crm.bookings SET status = 'Cancelled', cancel_reason = 'test reset'
     WHERE status IN ('Reserved', 'AwaitingPayment', 'Booked')`;
}

/** Makes the worker's timeline insert for this booking fail, so the item rolls back to its savepoint. */
async function poison(bookingId: string): Promise<void> {
  const db = database.prisma;
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS crm.test_poisoned_bookings (booking_id uuid PRIMARY KEY)`;
  await db.$executeRaw`CREATE OR REPLACE FUNCTION crm.test_reject_poisoned() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM crm.test_poisoned_bookings WHERE booking_id = NEW.booking_id) THEN
        RAISE EXCEPTION 'poisoned booking %', NEW.booking_id;
      END IF;
      RETURN NEW;
    END $$`;
  await db.$executeRaw`DROP TRIGGER IF EXISTS test_reject_poisoned ON crm.timeline_entries`;
  await db.$executeRaw`CREATE TRIGGER test_reject_poisoned BEFORE INSERT ON crm.timeline_entries
    FOR EACH ROW EXECUTE FUNCTION crm.test_reject_poisoned()`;
  await db.$executeRaw`INSERT INTO crm.test_poisoned_bookings (booking_id) VALUES (${bookingId}::uuid)`;
}

function workerFor(h: ReturnType<typeof crmHarness>, batchSize = 50) {
  return createBookingExpirationWorker({
    db: database.prisma,
    clock: h.clock,
    log: h.log,
    metrics: h.registry,
    settings: { bookingExpirationCycleSeconds: 60, bookingExpirationBatchSize: batchSize },
  });
}

describe("booking saga against PostgreSQL", () => {
  it("free branch: create → confirm → startSale, deal Application → Booking → Sale, events in the outbox", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const dealId = await seedEngagedDeal(db);
    const po = await seedPropertyObject(db);
    const { booking } = await h.commands.createBooking(viewers.agent, { dealId, propertyObjectId: po });
    expect(booking.status).toBe("Reserved");
    expect((await db.crmDeal.findUniqueOrThrow({ where: { id: dealId } })).status).toBe("Booking");
    h.clock.advanceMinutes(30);
    const confirmed = await h.commands.confirmBooking(viewers.agent, booking.id);
    expect(confirmed.booking.status).toBe("Booked");
    const sold = await h.commands.startSale(viewers.manager, booking.id);
    expect(sold.booking.status).toBe("Completed");
    expect(sold.deal.status).toBe("Sale");
    expect(await outboxTopicsFor(db, booking.id)).toEqual([TOPIC.bookingCreated, TOPIC.bookingConfirmed]);
    expect(await outboxTopicsFor(db, dealId)).toEqual([TOPIC.dealSaleStarted]);
    const timeline = await db.crmTimelineEntry.findMany({ where: { dealId }, orderBy: { id: "asc" } });
    expect(timeline.map((e) => `${e.entity}:${e.fromStatus}->${e.toStatus}`)).toEqual([
      "Booking:null->Reserved",
      "Deal:Application->Booking",
      "Booking:Reserved->Booked",
      "Booking:Booked->Completed",
      "Deal:Booking->Sale",
    ]);
  });

  it("paid branch: contract → receipt → payment confirmation publishes booking-paid and booking-confirmed in one commit", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const dealId = await seedEngagedDeal(db);
    const po = await seedPropertyObject(db);
    const { booking } = await h.commands.createBooking(viewers.investor, {
      dealId,
      propertyObjectId: po,
      programId: PAID_PROGRAM,
    });
    expect(booking.terms.isPaid).toBe(true);
    expect(await codeOf(h.commands.confirmBookingPayment(viewers.manager, booking.id))).toBe(
      "CRM_BOOKING_NOT_AWAITING_PAYMENT",
    );
    await h.commands.uploadBookingContract(viewers.manager, booking.id, "contract-file-1");
    expect(await codeOf(h.commands.confirmBookingPayment(viewers.manager, booking.id))).toBe(
      "CRM_BOOKING_RECEIPT_MISSING",
    );
    await h.commands.uploadPaymentReceipt(viewers.investor, booking.id, "receipt-file-1");
    const paid = await h.commands.confirmBookingPayment(viewers.manager, booking.id);
    expect(paid.booking).toMatchObject({ status: "Booked", paymentStatus: "Paid" });
    const events = await outboxPayloads(db, booking.id);
    expect(events.map((e) => e.topic)).toEqual([
      TOPIC.bookingCreated,
      TOPIC.bookingPaid,
      TOPIC.bookingConfirmed,
    ]);
    expect(events[1]?.payload.Version).toBe(events[2]?.payload.Version);
  });

  it("INV-BKG-001: a second active booking on the same property object → CRM_BOOKING_PROPERTY_OBJECT_BUSY", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const po = await seedPropertyObject(db);
    await h.commands.createBooking(viewers.agent, {
      dealId: await seedEngagedDeal(db),
      propertyObjectId: po,
    });
    expect(
      await codeOf(
        h.commands.createBooking(viewers.agent, { dealId: await seedEngagedDeal(db), propertyObjectId: po }),
      ),
    ).toBe("CRM_BOOKING_PROPERTY_OBJECT_BUSY");
  });

  it("200 concurrent createBooking on one apartment → exactly one succeeds, the rest CRM_BOOKING_PROPERTY_OBJECT_BUSY", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const po = await seedPropertyObject(db);
    const CONCURRENT = 200;
    const deals = await Promise.all(Array.from({ length: CONCURRENT }, () => seedEngagedDeal(db)));
    const results = await Promise.all(
      deals.map((dealId) =>
        codeOf(h.commands.createBooking(viewers.agent, { dealId, propertyObjectId: po })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "CRM_BOOKING_PROPERTY_OBJECT_BUSY")).toHaveLength(CONCURRENT - 1);
    expect(await db.crmBooking.count({ where: { propertyObjectId: po } })).toBe(1);
    const created = await db.outboxMessage.count({
      where: { topic: TOPIC.bookingCreated, payload: { path: ["PropertyObjectId"], equals: po } },
    });
    expect(created).toBe(1);
  });

  it("createBooking refuses Draft deals, unknown, not-Free and other-developer objects, and a second booking of a deal", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const draft = await seedEngagedDeal(db, { tenantId: null, status: "Draft" });
    const free = await seedPropertyObject(db);
    expect(
      await codeOf(h.commands.createBooking(viewers.agent, { dealId: draft, propertyObjectId: free })),
    ).toBe("CRM_DEAL_NOT_ENGAGED");
    const deal = await seedEngagedDeal(db);
    expect(
      await codeOf(
        h.commands.createBooking(viewers.agent, {
          dealId: deal,
          propertyObjectId: "00000000-0000-4000-8000-000000000999",
        }),
      ),
    ).toBe("CRM_PROPERTY_OBJECT_UNKNOWN");
    const sold = await seedPropertyObject(db, undefined, "Sold");
    expect(
      await codeOf(h.commands.createBooking(viewers.agent, { dealId: deal, propertyObjectId: sold })),
    ).toBe("CRM_PROPERTY_OBJECT_NOT_FREE");
    const foreign = await seedPropertyObject(db, OTHER_TENANT);
    expect(
      await codeOf(h.commands.createBooking(viewers.agent, { dealId: deal, propertyObjectId: foreign })),
    ).toBe("CRM_PROPERTY_OBJECT_OTHER_DEVELOPER");
    await h.commands.createBooking(viewers.agent, { dealId: deal, propertyObjectId: free });
    expect(
      await codeOf(
        h.commands.createBooking(viewers.agent, {
          dealId: deal,
          propertyObjectId: await seedPropertyObject(db),
        }),
      ),
    ).toBe("CRM_DEAL_HAS_ACTIVE_BOOKING");
  });

  it("a viewer outside the deal gets NOT_FOUND; a reader without the right gets CRM_FORBIDDEN", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const dealId = await seedEngagedDeal(db);
    const { booking } = await h.commands.createBooking(viewers.agent, {
      dealId,
      propertyObjectId: await seedPropertyObject(db),
    });
    const stranger = { userId: "agent-x", roles: ["agent" as const], tenantId: null };
    expect(await codeOf(h.commands.confirmBooking(stranger, booking.id))).toBe("CRM_BOOKING_NOT_FOUND");
    expect(await codeOf(h.commands.confirmBooking(viewers.investor, booking.id))).toBe("CRM_FORBIDDEN");
    expect(await codeOf(h.commands.confirmBooking(viewers.manager, booking.id))).toBe("CRM_FORBIDDEN");
  });

  it("timers by moving the clock: the worker expires Reserved (Phase Reserve) and Booked (Phase Booking) and frees the deal", async () => {
    const db = database.prisma;
    await retireActiveBookings();
    const h = crmHarness(db, "2026-04-01T00:00:00.000Z");
    const worker = workerFor(h);
    const reservedDeal = await seedEngagedDeal(db);
    const reserved = (
      await h.commands.createBooking(viewers.agent, {
        dealId: reservedDeal,
        propertyObjectId: await seedPropertyObject(db),
      })
    ).booking;
    const bookedDeal = await seedEngagedDeal(db);
    const booked = (
      await h.commands.createBooking(viewers.agent, {
        dealId: bookedDeal,
        propertyObjectId: await seedPropertyObject(db),
      })
    ).booking;
    await h.commands.confirmBooking(viewers.agent, booked.id);
    h.clock.advanceMinutes(60);
    expect((await worker.runOnce()).expired).toBe(0);
    h.clock.advance(1);
    expect(await worker.runOnce()).toEqual({ expired: 1, failed: 0 });
    expect((await db.crmBooking.findUniqueOrThrow({ where: { id: reserved.id } })).status).toBe(
      "ReserveExpired",
    );
    expect((await db.crmDeal.findUniqueOrThrow({ where: { id: reservedDeal } })).status).toBe("Application");
    h.clock.advance(72 * HOUR);
    expect(await worker.runOnce()).toEqual({ expired: 1, failed: 0 });
    expect((await db.crmBooking.findUniqueOrThrow({ where: { id: booked.id } })).status).toBe(
      "BookingExpired",
    );
    const expired = (await outboxPayloads(db, booked.id)).at(-1);
    expect(expired).toMatchObject({
      topic: TOPIC.bookingExpired,
      payload: { Phase: "Booking", FromStatus: "Booked" },
    });
    expect(await worker.runOnce()).toEqual({ expired: 0, failed: 0 });
    expect(await codeOf(h.commands.cancelBooking(viewers.agent, booked.id, "late"))).toBe(
      "CRM_BOOKING_NOT_ACTIVE",
    );
  });

  it("AwaitingPayment is expired like Reserved once ReserveExpiresAt passes", async () => {
    const db = database.prisma;
    await retireActiveBookings();
    const h = crmHarness(db, "2026-05-01T00:00:00.000Z");
    const dealId = await seedEngagedDeal(db);
    const { booking } = await h.commands.createBooking(viewers.agent, {
      dealId,
      propertyObjectId: await seedPropertyObject(db),
      programId: PAID_PROGRAM,
    });
    await h.commands.uploadBookingContract(viewers.manager, booking.id, "c1");
    h.clock.advanceMinutes(61);
    expect((await workerFor(h).runOnce()).expired).toBe(1);
    expect((await db.crmBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe(
      "ReserveExpired",
    );
  });

  it("the worker skips a bad row inside its savepoint, expires the rest of the batch and counts the failure", async () => {
    const db = database.prisma;
    await retireActiveBookings();
    const h = crmHarness(db, "2026-06-01T00:00:00.000Z");
    const good = (
      await h.commands.createBooking(viewers.agent, {
        dealId: await seedEngagedDeal(db),
        propertyObjectId: await seedPropertyObject(db),
      })
    ).booking;
    const badDeal = await seedEngagedDeal(db);
    const bad = (
      await h.commands.createBooking(viewers.agent, {
        dealId: badDeal,
        propertyObjectId: await seedPropertyObject(db),
      })
    ).booking;
    await poison(bad.id);
    h.clock.advanceMinutes(61);
    const result = await workerFor(h).runOnce();
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect((await db.crmBooking.findUniqueOrThrow({ where: { id: good.id } })).status).toBe("ReserveExpired");
    expect((await db.crmBooking.findUniqueOrThrow({ where: { id: bad.id } })).status).toBe("Reserved");
    expect(await outboxTopicsFor(db, bad.id)).toEqual([TOPIC.bookingCreated]);
    expect(
      h.entries.some((e) => e.msg === "booking expiration failed; skipped" && e.bookingId === bad.id),
    ).toBe(true);
    expect(h.entries.some((e) => e.msg === "set-based expiration failed; expiring item by item")).toBe(true);
  });

  it("set-based fast path: one batch expires every due booking with its deal move, timeline rows and outbox event", async () => {
    const db = database.prisma;
    await retireActiveBookings();
    const h = crmHarness(db, "2026-07-01T00:00:00.000Z");
    const due: Array<{ bookingId: string; dealId: string }> = [];
    for (let i = 0; i < 12; i++) {
      const dealId = await seedEngagedDeal(db);
      const { booking } = await h.commands.createBooking(viewers.agent, {
        dealId,
        propertyObjectId: await seedPropertyObject(db),
      });
      due.push({ bookingId: booking.id, dealId });
    }
    h.clock.advanceMinutes(61);
    expect(await workerFor(h, 50).runOnce()).toEqual({ expired: 12, failed: 0 });
    expect(h.entries.some((e) => e.msg === "set-based expiration failed; expiring item by item")).toBe(false);
    for (const { bookingId, dealId } of due) {
      expect(await db.crmBooking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({
        status: "ReserveExpired",
        version: 2,
        endedAt: h.clock.now(),
      });
      expect(await db.crmDeal.findUniqueOrThrow({ where: { id: dealId } })).toMatchObject({
        status: "Application",
      });
      const timeline = await db.crmTimelineEntry.findMany({ where: { dealId }, orderBy: { id: "asc" } });
      expect(timeline.slice(-2).map((t) => [t.entity, t.fromStatus, t.toStatus, t.actorUserId])).toEqual([
        ["Booking", "Reserved", "ReserveExpired", "system:booking-expiration"],
        ["Deal", "Booking", "Application", "system:booking-expiration"],
      ]);
      expect((await outboxPayloads(db, bookingId)).map((o) => [o.topic, o.payload.Version])).toEqual([
        [TOPIC.bookingCreated, 1],
        [TOPIC.bookingExpired, 2],
      ]);
    }
  });
});
