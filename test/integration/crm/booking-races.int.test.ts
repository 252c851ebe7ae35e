import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createBookingExpirationWorker } from "../../../src/workers/booking-expiration.worker.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import {
  codeOf,
  crmHarness,
  outboxTopicsFor,
  PAID_PROGRAM,
  seedEngagedDeal,
  seedPaidProgram,
  seedPropertyObject,
  viewers,
} from "./crm-fixtures.js";

const PAIRS = 20;
const SECOND = 1000;
const HOUR = 3_600_000;
let database: MigratedDatabase;

beforeAll(async () => {
  database = await createMigratedDatabase("crm_races");
  await seedPaidProgram(database.prisma);
});
afterAll(async () => {
  await database?.drop();
});

type Setup = "reserved" | "booked" | "receipt";

/**
 * The command's clock reads just before the deadline (it started in time), the worker's just after
 * (it runs on another machine): both transitions are legal on their own, the version decides.
 */
async function race(
  setup: Setup,
  command: (h: ReturnType<typeof crmHarness>, bookingId: string) => Promise<unknown>,
  winnerTopic: string,
) {
  const db = database.prisma;
  const h = crmHarness(db, "2026-07-01T00:00:00.000Z");
  const ids: string[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const dealId = await seedEngagedDeal(db);
    const po = await seedPropertyObject(db);
    const paid = setup === "receipt";
    const { booking } = await h.commands.createBooking(viewers.agent, {
      dealId,
      propertyObjectId: po,
      ...(paid ? { programId: PAID_PROGRAM } : {}),
    });
    if (setup === "booked") await h.commands.confirmBooking(viewers.agent, booking.id);
    if (paid) {
      await h.commands.uploadBookingContract(viewers.manager, booking.id, "c");
      await h.commands.uploadPaymentReceipt(viewers.investor, booking.id, "r");
    }
    ids.push(booking.id);
  }
  const deadline = setup === "booked" ? h.clock.now().getTime() + 72 * HOUR : h.clock.now().getTime() + HOUR;
  h.clock.set(new Date(deadline - SECOND));
  const workerClock = new ManualClock(new Date(deadline + SECOND));
  const worker = createBookingExpirationWorker({
    db,
    clock: workerClock,
    log: h.log,
    metrics: createMetricsRegistry(),
    settings: { bookingExpirationCycleSeconds: 60, bookingExpirationBatchSize: 1 },
  });
  const [commandResults] = await Promise.all([
    Promise.all(ids.map((id) => codeOf(command(h, id)))),
    (async () => {
      for (let i = 0; i < PAIRS; i++) await worker.runOnce();
    })(),
  ]);
  for (const [i, id] of ids.entries()) {
    const topics = (await outboxTopicsFor(db, id)).filter(
      (t) => t === winnerTopic || t === TOPIC.bookingExpired,
    );
    expect(topics, `booking ${id}: exactly one transition published`).toHaveLength(1);
    const row = await db.crmBooking.findUniqueOrThrow({ where: { id } });
    if (topics[0] === winnerTopic) {
      expect(commandResults[i]).toBe("ok");
      expect(row.status).not.toMatch(/Expired/);
    } else {
      expect(commandResults[i]).not.toBe("ok");
      expect(row.status).toMatch(/Expired/);
    }
  }
}

describe("races settled by the version: exactly one transition wins and only the winner publishes", () => {
  it("worker vs confirmBooking", async () => {
    await race("reserved", (h, id) => h.commands.confirmBooking(viewers.agent, id), TOPIC.bookingConfirmed);
  });

  it("worker vs extendBooking", async () => {
    await race("booked", (h, id) => h.commands.extendBooking(viewers.manager, id), TOPIC.bookingExtended);
  });

  it("worker vs confirmBookingPayment", async () => {
    await race(
      "receipt",
      (h, id) => h.commands.confirmBookingPayment(viewers.manager, id),
      TOPIC.bookingConfirmed,
    );
  });
});

describe("atomicity", () => {
  it("cancelDeal cancels the deal and its active booking in one transaction (booking-cancelled, Cause DealCancelled)", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const dealId = await seedEngagedDeal(db);
    const { booking } = await h.commands.createBooking(viewers.agent, {
      dealId,
      propertyObjectId: await seedPropertyObject(db),
    });
    const result = await h.commands.cancelDeal(viewers.investor, dealId, "client walked away");
    expect(result.deal.status).toBe("Cancelled");
    expect(result.cancelledBooking?.status).toBe("Cancelled");
    const rows = await db.outboxMessage.findMany({
      where: { key: booking.id, topic: TOPIC.bookingCancelled },
    });
    expect(rows.map((r) => (r.payload as { Cause: string }).Cause)).toEqual(["DealCancelled"]);
    expect((await db.crmDeal.findUniqueOrThrow({ where: { id: dealId } })).status).toBe("Cancelled");
  });

  it("cancelDeal that fails after cancelling the booking leaves both untouched (rollback)", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const dealId = await seedEngagedDeal(db);
    const { booking } = await h.commands.createBooking(viewers.agent, {
      dealId,
      propertyObjectId: await seedPropertyObject(db),
    });
    await db.$executeRaw`CREATE OR REPLACE FUNCTION crm.test_fail_deal_cancel() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status = 'Cancelled' THEN RAISE EXCEPTION 'deal write failed'; END IF; RETURN NEW; END $$`;
    await db.$executeRaw`CREATE TRIGGER test_fail_deal_cancel BEFORE UPDATE ON crm.deals FOR EACH ROW EXECUTE FUNCTION crm.test_fail_deal_cancel()`;
    try {
      await expect(h.commands.cancelDeal(viewers.agent, dealId, "r")).rejects.toThrow();
    } finally {
      await db.$executeRaw`DROP TRIGGER test_fail_deal_cancel ON crm.deals`;
    }
    expect((await db.crmBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("Reserved");
    expect(await outboxTopicsFor(db, booking.id)).toEqual([TOPIC.bookingCreated]);
  });

  it("startSale that fails on the deal write leaves the booking Booked and publishes nothing", async () => {
    const db = database.prisma;
    const h = crmHarness(db);
    const dealId = await seedEngagedDeal(db);
    const { booking } = await h.commands.createBooking(viewers.agent, {
      dealId,
      propertyObjectId: await seedPropertyObject(db),
    });
    await h.commands.confirmBooking(viewers.agent, booking.id);
    await db.$executeRaw`CREATE OR REPLACE FUNCTION crm.test_fail_sale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status = 'Sale' THEN RAISE EXCEPTION 'deal write failed'; END IF; RETURN NEW; END $$`;
    await db.$executeRaw`CREATE TRIGGER test_fail_sale BEFORE UPDATE ON crm.deals FOR EACH ROW EXECUTE FUNCTION crm.test_fail_sale()`;
    try {
      await expect(h.commands.startSale(viewers.manager, booking.id)).rejects.toThrow();
    } finally {
      await db.$executeRaw`DROP TRIGGER test_fail_sale ON crm.deals`;
    }
    expect((await db.crmBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("Booked");
    expect(await db.outboxMessage.count({ where: { key: dealId } })).toBe(0);
    expect(await codeOf(h.commands.startSale(viewers.manager, booking.id))).toBe("ok");
  });
});
