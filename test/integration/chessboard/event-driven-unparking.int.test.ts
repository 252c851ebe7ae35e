import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { chessboardBookingStatusConsumer } from "../../../src/consumers/chessboard-booking-status.consumer.js";
import { TOPIC } from "../../../src/contracts/topics.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import { createConsumerCore } from "../../../src/platform/events/consumer/consumer-core.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import {
  type BookingRef,
  createStructure,
  crm,
  newBooking,
  type Structure,
  wireMessage,
} from "./chessboard-fixtures.js";

/**
 * Issue #42 finding 3, decision 0580: a booking event parked on the hold guard waits for another
 * booking's event of the same property object (another key); it is retried as soon as such an
 * event is applied, not when its retry timer fires. The clock is a ManualClock that never moves:
 * a parked message's timer (now + 1 s) can never come due, so whatever drains the parked rows here
 * is the re-drive.
 */
describeWithService("postgres", "event-driven unparking of the hold guard (decision 0580)", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");
  let structure: Structure;
  let core: ReturnType<typeof createConsumerCore>;
  let metrics: ReturnType<typeof createMetricsRegistry>;
  const dlq: unknown[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase("chess_unpark");
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    structure = await createStructure(database.prisma, clock, 12);
    const settings = loadSettings({ NODE_ENV: "test" });
    const log = createLogger({ level: "silent", pretty: false });
    metrics = createMetricsRegistry();
    const def = chessboardBookingStatusConsumer({ log, clock, metrics, settings });
    core = createConsumerCore(def, {
      settings,
      db: database.prisma,
      log,
      metrics,
      clock,
      send: async (m) => {
        dlq.push(m);
      },
      // The scanner's own poll is far away: only a nudge (the re-drive) makes it run in time.
      parkedScanMs: 60_000,
    });
    core.scanner.start();
  });
  afterEach(async () => {
    await core.scanner.stop();
  });

  async function deliver(message: InboundMessage): Promise<string> {
    const outcome = await core.processor.process(message);
    if (outcome.kind === "infrastructure") throw outcome.error;
    return outcome.result;
  }
  /** This test's parked messages (those of its own apartments: an earlier test may leave one). */
  const parked = async () =>
    Number(
      (
        await database.prisma.$queryRaw<Array<{ n: bigint }>>`
        SELECT count(*) AS n FROM platform.parked_messages WHERE wait_key = ANY(${structure.objectIds})`
      )[0]?.n,
    );
  const grid = () =>
    database.prisma.chessboardPropertyObject.findMany({
      where: { id: { in: structure.objectIds } },
      select: { id: true, status: true, holdBookingId: true },
    });
  const at = (ms: number) => new Date(clock.now().getTime() + ms);

  it("a created and a cancelled parked behind the holder are applied within 1 s of the holder's release, the timer frozen", async () => {
    const holder = newBooking(structure);
    const next = newBooking(structure);
    await deliver(wireMessage(TOPIC.bookingCreated, crm.created(holder, at(0))));
    // crm: holder cancelled at +1 s, next created at +2 s and cancelled at +3 s; chessboard gets
    // the next booking's events first (other keys, other partitions)
    expect(await deliver(wireMessage(TOPIC.bookingCreated, crm.created(next, at(2_000))))).toBe("parked");
    expect(await deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(next, 2, at(3_000))))).toBe(
      "parked",
    );
    expect(await parked()).toBe(2);
    expect(await deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(holder, 2, at(1_000))))).toBe(
      "applied",
    );
    const released = performance.now();
    await eventually(parked, { until: (n) => n === 0, what: "parked messages drained", timeoutMs: 1_000 });
    expect(performance.now() - released).toBeLessThan(1_000);
    const [object] = (await grid()).filter((o) => o.id === holder.propertyObjectId);
    expect(object).toMatchObject({ status: "Free", holdBookingId: null });
    expect(dlq).toEqual([]);
  });

  it("re-drives that fail again do not use the retry schedule up: the holder's 12 extensions re-drive a waiter 12 times, it stays parked on an early step, nothing dead-lettered", async () => {
    const holder = newBooking(structure, 1);
    const waiter = newBooking(structure, 1);
    await deliver(wireMessage(TOPIC.bookingCreated, crm.created(holder, at(0))));
    await deliver(wireMessage(TOPIC.bookingConfirmed, crm.confirmed(holder, 2, at(1), at(3_600_000))));
    expect(await deliver(wireMessage(TOPIC.bookingCreated, crm.created(waiter, at(2))))).toBe("parked");
    const attempts = async () =>
      (
        await database.prisma.$queryRaw<Array<{ attempts: number; due: boolean }>>`
        SELECT attempts, next_attempt_at <= ${clock.now()} AS due FROM platform.parked_messages`
      )[0];
    for (let v = 3; v < 15; v++) {
      const until = at(3_600_000 * v);
      await deliver(
        wireMessage(TOPIC.bookingExtended, crm.extended(holder, v, at(v), at(3_600_000 * (v - 1)), until)),
      );
      // each extension is applied, re-drives the waiter, which fails again (the holder still holds)
      await eventually(attempts, {
        until: (a) => a?.due === false,
        what: "the re-driven waiter failed again",
      });
    }
    const redriven = await metrics.getSingleMetric("pin_consumer_parked_redriven_total")?.get();
    expect(redriven?.values.reduce((sum, v) => sum + v.value, 0)).toBe(12);
    // 8 retries would have dead-lettered it; re-driven it stays on the schedule's first steps
    expect((await attempts())?.attempts).toBeLessThanOrEqual(2);
    expect(dlq).toEqual([]);
  });

  it("a contention flood on 12 apartments: the grid agrees with crm's bookings within 5 s, every parked message drained without its timer", async () => {
    // crm's truth per apartment: bookings one after another, each created then cancelled; the
    // last one of every third apartment stays active.
    const ROUNDS = 15;
    const created: InboundMessage[] = [];
    const cancelled: InboundMessage[] = [];
    const active = new Map<string, string>();
    for (let o = 0; o < 12; o++) {
      for (let r = 0; r < ROUNDS; r++) {
        const b: BookingRef = newBooking(structure, o);
        const t = r * 10;
        created.push(wireMessage(TOPIC.bookingCreated, crm.created(b, at(t))));
        if (r === ROUNDS - 1 && o % 3 === 0) active.set(b.propertyObjectId, b.bookingId);
        else cancelled.push(wireMessage(TOPIC.bookingCancelled, crm.cancelled(b, 2, at(t + 5))));
      }
    }
    // Two topics, each in its own order, merged at random (seeded): the cross-topic reordering of
    // a flood, where a booking's event meets the previous holder's release not yet applied.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const order: InboundMessage[] = [];
    for (let c = 0, x = 0; c < created.length || x < cancelled.length; ) {
      const takeCreated = x >= cancelled.length || (c < created.length && random() < 0.5);
      order.push(takeCreated ? created[c++]! : cancelled[x++]!);
    }
    const results: string[] = [];
    for (const m of order) results.push(await deliver(m));
    expect(results.filter((r) => r === "parked").length).toBeGreaterThan(0);
    const flooded = performance.now();
    const settled = await eventually(async () => ({ parked: await parked(), grid: await grid() }), {
      until: (s) =>
        s.parked === 0 &&
        s.grid.every((o) =>
          active.has(o.id)
            ? o.status === "Reserved" && o.holdBookingId === active.get(o.id)
            : o.status === "Free" && o.holdBookingId === null,
        ),
      what: "the grid agrees with crm's bookings",
      timeoutMs: 5_000,
    });
    expect(settled.parked).toBe(0);
    expect(performance.now() - flooded).toBeLessThan(5_000);
    expect(dlq).toEqual([]);
  });
});
