import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { PropertyObjectStatusChangedEvent } from "../../../src/contracts/chessboard-events.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createHoldExpirationWorker } from "../../../src/workers/hold-expiration.worker.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, crm, newBooking, type Structure, wireMessage } from "./chessboard-fixtures.js";
import { createConsumerHarness } from "./consumer-harness.js";

const HOUR = 3_600_000;
const GRACE_MINUTES = 10;
const SETTINGS = {
  holdExpirationGraceMinutes: GRACE_MINUTES,
  holdExpirationCycleSeconds: 60,
  holdExpirationBatchSize: 200,
};

describeWithService("postgres", "chessboard hold-expiration safety worker", () => {
  let database: MigratedDatabase;
  let clock: ManualClock;
  let structure: Structure;
  let harness: ReturnType<typeof createConsumerHarness>;
  let worker: ReturnType<typeof createHoldExpirationWorker>;
  let logs: Array<Record<string, unknown>>;
  let metrics: ReturnType<typeof createMetricsRegistry>;

  beforeAll(async () => {
    database = await createMigratedDatabase("chess_hold_exp");
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    clock = new ManualClock("2026-11-29T10:00:00.000Z");
    structure = await createStructure(database.prisma, clock, 3);
    harness = createConsumerHarness(database.prisma, clock);
    const memory = createMemoryLogger();
    logs = memory.entries;
    metrics = createMetricsRegistry();
    worker = createHoldExpirationWorker({
      db: database.prisma,
      clock,
      log: memory.logger,
      metrics,
      settings: SETTINGS,
    });
    // The worker scans the whole table: holds left by earlier tests must not count in this one.
    await database.prisma
      .$executeRaw`UPDATE chessboard.property_objects SET hold_booking_id = NULL, hold_deal_id = NULL, status = 'Free', reserved_until = NULL, booked_until = NULL WHERE hold_booking_id IS NOT NULL`;
  });

  const object = (id: string) =>
    database.prisma.chessboardPropertyObject.findUniqueOrThrow({ where: { id } });
  const releasedMetric = async () => {
    const metric = metrics.getSingleMetric("chessboard_property_object_hold_expiration_items_total");
    const { values } = metric ? await metric.get() : { values: [] };
    return values.reduce((sum, v) => sum + v.value, 0);
  };

  it("releases a reserve still present grace after ReservedUntil, with a warning, the metric and a status-changed event", async () => {
    const b = newBooking(structure);
    const start = clock.now();
    await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, start)));
    clock.set(new Date(start.getTime() + HOUR + GRACE_MINUTES * 60_000));
    expect(await worker.runOnce()).toBe(0);
    expect((await object(b.propertyObjectId)).status).toBe("Reserved");

    clock.advanceMinutes(1);
    expect(await worker.runOnce()).toBe(1);
    expect(await object(b.propertyObjectId)).toMatchObject({
      status: "Free",
      holdBookingId: null,
      reservedUntil: null,
    });
    expect(await releasedMetric()).toBe(1);
    expect(logs.filter((l) => l.level === 40 && l.propertyObjectId === b.propertyObjectId)).toHaveLength(1);
    const [event] = await database.prisma.$queryRaw<Array<{ payload: PropertyObjectStatusChangedEvent }>>`
      SELECT payload FROM platform.outbox WHERE topic = ${TOPIC.propertyObjectStatusChanged} AND key = ${b.propertyObjectId}
      ORDER BY id DESC LIMIT 1`;
    expect(event?.payload).toMatchObject({
      FromStatus: "Reserved",
      ToStatus: "Free",
      StatusSource: "HoldExpiration",
    });

    // the lost release arrives at last: it changes nothing
    expect(
      await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve"))),
    ).toBe("skipped");
    expect((await object(b.propertyObjectId)).status).toBe("Free");
  });

  it("an extended booking is never released before its moved BookedUntil (+ grace)", async () => {
    const b = newBooking(structure);
    const start = clock.now();
    const bookedUntil = new Date(start.getTime() + 24 * HOUR);
    const extendedUntil = new Date(start.getTime() + 48 * HOUR);
    await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, start)));
    await harness.deliver(wireMessage(TOPIC.bookingConfirmed, crm.confirmed(b, 2, start, bookedUntil)));
    await harness.deliver(
      wireMessage(TOPIC.bookingExtended, crm.extended(b, 3, start, bookedUntil, extendedUntil)),
    );

    clock.set(new Date(bookedUntil.getTime() + 2 * HOUR));
    expect(await worker.runOnce()).toBe(0);
    expect(await object(b.propertyObjectId)).toMatchObject({ status: "Booked", bookedUntil: extendedUntil });

    clock.set(new Date(extendedUntil.getTime() + (GRACE_MINUTES + 1) * 60_000));
    expect(await worker.runOnce()).toBe(1);
    expect((await object(b.propertyObjectId)).status).toBe("Free");
  });

  it("a sold object is never released", async () => {
    const b = newBooking(structure);
    const start = clock.now();
    await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, start)));
    await harness.deliver(
      wireMessage(TOPIC.bookingConfirmed, crm.confirmed(b, 2, start, new Date(start.getTime() + HOUR))),
    );
    await harness.deliver(wireMessage(TOPIC.dealSaleStarted, crm.saleStarted(b, 3, start)));
    clock.advance(365 * 24 * HOUR);
    expect(await worker.runOnce()).toBe(0);
    expect((await object(b.propertyObjectId)).status).toBe("Sold");
    expect(await releasedMetric()).toBe(0);
  });

  it("parallel worker cycles release each overdue hold exactly once", async () => {
    const start = clock.now();
    for (const index of [0, 1, 2]) {
      const b = newBooking(structure, index);
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, start)));
    }
    clock.advance(2 * HOUR);
    const counts = await Promise.all([worker.runOnce(), worker.runOnce(), worker.runOnce()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await releasedMetric()).toBe(3);
    for (const id of structure.objectIds) expect((await object(id)).status).toBe("Free");
  });
});
