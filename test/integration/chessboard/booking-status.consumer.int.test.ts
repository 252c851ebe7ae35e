import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CHESSBOARD_BOOKING_STATUS_GROUP } from "../../../src/consumers/chessboard-booking-status.consumer.js";
import type { PropertyObjectStatusChangedEvent } from "../../../src/contracts/chessboard-events.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { DLQ_HEADER } from "../../../src/platform/events/envelope.js";
import { dlqTopicFor, TOPIC } from "../../../src/platform/events/topics.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, crm, newBooking, type Structure, wireMessage } from "./chessboard-fixtures.js";
import { createConsumerHarness } from "./consumer-harness.js";

const HOUR = 3_600_000;

describeWithService(
  "postgres",
  "chessboard booking-status consumer (pin-chessboard-crm-property-object-status)",
  () => {
    let database: MigratedDatabase;
    const clock = new ManualClock("2026-11-29T10:00:00.000Z");
    let structure: Structure;
    let harness: ReturnType<typeof createConsumerHarness>;

    beforeAll(async () => {
      database = await createMigratedDatabase("chess_consumer");
    });
    afterAll(async () => {
      await database?.drop();
    });
    beforeEach(async () => {
      structure = await createStructure(database.prisma, clock, 2);
      harness = createConsumerHarness(database.prisma, clock);
    });

    const object = (id: string) =>
      database.prisma.chessboardPropertyObject.findUniqueOrThrow({ where: { id } });
    async function statusEvents(objectId: string): Promise<PropertyObjectStatusChangedEvent[]> {
      const rows = await database.prisma.$queryRaw<Array<{ payload: PropertyObjectStatusChangedEvent }>>`
      SELECT payload FROM platform.outbox
      WHERE topic = ${TOPIC.propertyObjectStatusChanged} AND key = ${objectId} ORDER BY id`;
      return rows.map((r) => r.payload);
    }

    it("created → confirmed → extended → sold: Reserved, Booked, BookedUntil moved, Sold with timers cleared", async () => {
      const b = newBooking(structure);
      const t = clock.now();
      const bookedUntil = new Date(t.getTime() + 24 * HOUR);
      const extendedUntil = new Date(t.getTime() + 48 * HOUR);
      expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, t)))).toBe("applied");
      expect(await object(b.propertyObjectId)).toMatchObject({
        status: "Reserved",
        holdDealId: b.dealId,
        holdBookingId: b.bookingId,
        reservedUntil: new Date(t.getTime() + HOUR),
      });
      await harness.deliver(wireMessage(TOPIC.bookingConfirmed, crm.confirmed(b, 2, t, bookedUntil)));
      expect(await object(b.propertyObjectId)).toMatchObject({ status: "Booked", bookedUntil });
      await harness.deliver(
        wireMessage(TOPIC.bookingExtended, crm.extended(b, 3, t, bookedUntil, extendedUntil)),
      );
      expect(await object(b.propertyObjectId)).toMatchObject({
        status: "Booked",
        bookedUntil: extendedUntil,
      });
      await harness.deliver(wireMessage(TOPIC.dealSaleStarted, crm.saleStarted(b, 4, t)));
      expect(await object(b.propertyObjectId)).toMatchObject({
        status: "Sold",
        soldAt: t,
        holdDealId: null,
        holdBookingId: null,
        reservedUntil: null,
        bookedUntil: null,
      });

      const events = await statusEvents(b.propertyObjectId);
      expect(events.map((e) => [e.FromStatus, e.ToStatus, e.StatusSource])).toEqual([
        ["Free", "Reserved", "Booking"],
        ["Reserved", "Booked", "Booking"],
        ["Booked", "Booked", "Booking"],
        ["Booked", "Sold", "Booking"],
      ]);
      expect(events[0]).toMatchObject({
        HoldDealId: b.dealId,
        TenantId: structure.developerId,
        ProjectId: structure.projectId,
        BuildingId: structure.buildingId,
      });
      const versions = events.map((e) => e.Version);
      expect(versions).toEqual([...versions].sort((x, y) => x - y));
      expect(new Set(versions).size).toBe(versions.length);
    });

    it("decision 0524: a batch locks its objects up front in id order — while another transaction holds the later object, the batch already holds the earlier one although its message comes last", async () => {
      const [low, high] = [...structure.objectIds].sort() as [string, string];
      const onLow = newBooking(structure, structure.objectIds.indexOf(low));
      const onHigh = newBooking(structure, structure.objectIds.indexOf(high));
      const t = clock.now();
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let holding: () => void = () => {};
      const locked = new Promise<void>((r) => {
        holding = r;
      });
      const holder = database.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM chessboard.property_objects WHERE id = ${high}::uuid FOR UPDATE`;
          holding();
          await held;
        },
        { timeout: 60_000 },
      );
      await locked;
      // The message on the higher id first: per message, the batch would wait on `high` holding nothing.
      const batch = harness.deliverBatch([
        wireMessage(TOPIC.bookingCreated, crm.created(onHigh, t)),
        wireMessage(TOPIC.bookingCreated, crm.created(onLow, t)),
      ]);
      const lowTaken = async () =>
        database.prisma
          .$transaction(async (tx) => {
            await tx.$queryRaw`SELECT id FROM chessboard.property_objects WHERE id = ${low}::uuid FOR UPDATE NOWAIT`;
            return false;
          })
          .catch((error: unknown) => String(error).includes("55P03"));
      let taken = false;
      for (let i = 0; i < 100 && !taken; i++) {
        taken = await lowTaken();
        if (!taken) await new Promise((r) => setTimeout(r, 50));
      }
      release();
      await holder;
      await batch;
      expect(taken).toBe(true);
      expect((await object(low)).status).toBe("Reserved");
      expect((await object(high)).status).toBe("Reserved");
    });

    it("created → expired: the reserve is released to Free", async () => {
      const b = newBooking(structure);
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, clock.now())));
      await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve")));
      expect(await object(b.propertyObjectId)).toMatchObject({
        status: "Free",
        holdBookingId: null,
        reservedUntil: null,
      });
    });

    it("paid branch: created → confirmed (Version 3, after AwaitingPayment) ends Booked", async () => {
      const b = newBooking(structure);
      const until = new Date(clock.now().getTime() + 24 * HOUR);
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, clock.now())));
      await harness.deliver(
        wireMessage(TOPIC.bookingConfirmed, { ...crm.confirmed(b, 3, clock.now(), until), IsPaid: true }),
      );
      expect(await object(b.propertyObjectId)).toMatchObject({
        status: "Booked",
        holdBookingVersion: 3,
        bookedUntil: until,
      });
    });

    it("cancel: created → cancelled frees the object and a late created stays stale", async () => {
      const b = newBooking(structure);
      const created = wireMessage(TOPIC.bookingCreated, crm.created(b, clock.now()));
      await harness.deliver(created);
      await harness.deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(b, 2, clock.now())));
      expect((await object(b.propertyObjectId)).status).toBe("Free");
      // the same event re-published with a new MessageId (e.g. a replay) is refused by the version guard
      expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, clock.now())))).toBe(
        "skipped-stale",
      );
      expect((await object(b.propertyObjectId)).status).toBe("Free");
    });

    it("duplicates: a redelivered MessageId changes nothing and publishes nothing", async () => {
      const b = newBooking(structure);
      const message = wireMessage(TOPIC.bookingCreated, crm.created(b, clock.now()));
      expect(await harness.deliver(message)).toBe("applied");
      expect(await harness.deliver(message)).toBe("skipped-duplicate");
      expect(await statusEvents(b.propertyObjectId)).toHaveLength(1);
      expect((await object(b.propertyObjectId)).version).toBe(2);
    });

    it("reordering: confirmed before created, then created is stale; release before created keeps the object Free", async () => {
      const b = newBooking(structure, 0);
      const until = new Date(clock.now().getTime() + 24 * HOUR);
      await harness.deliver(wireMessage(TOPIC.bookingConfirmed, crm.confirmed(b, 2, clock.now(), until)));
      expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, clock.now())))).toBe(
        "skipped-stale",
      );
      expect((await object(b.propertyObjectId)).status).toBe("Booked");

      const other = newBooking(structure, 1);
      expect(
        await harness.deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(other, 2, clock.now()))),
      ).toBe("skipped");
      expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(other, clock.now())))).toBe(
        "skipped-stale",
      );
      expect((await object(other.propertyObjectId)).status).toBe("Free");
    });

    it("a release for a booking that is not the active hold changes nothing (old booking of the same deal)", async () => {
      const active = newBooking(structure);
      const old = { ...newBooking(structure), dealId: active.dealId };
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(active, clock.now())));
      expect(
        await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(old, 2, clock.now(), "Reserve"))),
      ).toBe("skipped");
      expect(await object(active.propertyObjectId)).toMatchObject({
        status: "Reserved",
        holdBookingId: active.bookingId,
      });
    });

    it("hold mismatch is retried after 1 s and succeeds once the previous booking's release arrives", async () => {
      const first = newBooking(structure);
      const second = newBooking(structure);
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(first, clock.now())));
      expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(second, clock.now())))).toBe(
        "parked",
      );
      // the other booking's release is a moment behind: retried after 1 s, not 30 s (decision 0530)
      expect(await harness.parkedRetryTimes()).toEqual([new Date(clock.now().getTime() + 1_000)]);
      await harness.deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(first, 2, clock.now())));
      expect(await harness.retryParked()).toEqual(["applied"]);
      expect(await object(second.propertyObjectId)).toMatchObject({
        status: "Reserved",
        holdBookingId: second.bookingId,
      });
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_total")).toBe(1);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_dead_lettered_total")).toBe(0);
    });

    it("hold mismatch → DLQ after retries as CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH; chessboard_crm_hold_mismatch_total counts the message once (sum over labels = messages)", async () => {
      const holder = newBooking(structure);
      const intruder = newBooking(structure);
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(holder, clock.now())));
      expect(
        await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(intruder, clock.now()))),
      ).toBe("parked");
      const results: string[] = [];
      for (let i = 0; i < 10 && (await harness.parkedRows()).length > 0; i++)
        results.push(...(await harness.retryParked()));
      expect(results.at(-1)).toBe("dead-lettered");
      // PIN_DEAL_EVENT_RETRY_DELAYS (decision 0530): 8 retries, the first 1 s after the refusal.
      expect(results.filter((r) => r === "parked")).toHaveLength(7);
      expect(harness.dlq).toHaveLength(1);
      expect(harness.dlq[0]).toMatchObject({
        topic: dlqTopicFor(CHESSBOARD_BOOKING_STATUS_GROUP),
        headers: { [DLQ_HEADER.errorCode]: "CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH" },
      });
      // One message: once in the total (sum over its labels), once dead-lettered — not once per attempt.
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_total")).toBe(1);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_total", { retriable: "true" })).toBe(1);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_dead_lettered_total")).toBe(1);
      expect(await object(holder.propertyObjectId)).toMatchObject({
        status: "Reserved",
        holdBookingId: holder.bookingId,
      });
    });

    it("a release overtaken by the next booking of the same object stays quiet: nothing parked, nothing counted", async () => {
      const previous = newBooking(structure);
      const next = newBooking(structure);
      const previousEnded = clock.now();
      const nextStarted = new Date(previousEnded.getTime() + 60_000);
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(next, nextStarted)));
      expect(await object(next.propertyObjectId)).toMatchObject({
        holdBookingId: next.bookingId,
        holdSince: nextStarted,
      });
      expect(
        await harness.deliver(
          wireMessage(TOPIC.bookingExpired, crm.expired(previous, 2, previousEnded, "Reserve")),
        ),
      ).toBe("skipped");
      // The previous booking's late booking-created is stale (tombstone): the next booking keeps the object.
      expect(
        await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(previous, clock.now()))),
      ).toBe("skipped-stale");
      expect(await object(next.propertyObjectId)).toMatchObject({
        status: "Reserved",
        holdBookingId: next.bookingId,
      });
      expect(await harness.parkedRows()).toEqual([]);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_total")).toBe(0);
    });

    const unexplained = [
      {
        name: "a release nobody can explain (its booking ended an hour after the current hold began) → parked, then DLQ as CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH + alert metrics",
        after: HOUR,
        topic: TOPIC.bookingCancelled,
        skewNote: false,
      },
      {
        name: "INV-CHS-003: a foreign release within the clock-skew tolerance (2 s after the hold began) is not acked as skipped-not-active-hold — parked, then DLQ as CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH, counted once",
        after: 2_000,
        topic: TOPIC.bookingExpired,
        skewNote: true,
      },
    ] as const;
    for (const c of unexplained) {
      it(c.name, async () => {
        const holder = newBooking(structure);
        const foreign = newBooking(structure); // another deal
        const held = clock.now();
        await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(holder, held)));
        const ended = new Date(held.getTime() + c.after);
        const release =
          c.topic === TOPIC.bookingExpired
            ? wireMessage(TOPIC.bookingExpired, crm.expired(foreign, 2, ended, "Reserve"))
            : wireMessage(TOPIC.bookingCancelled, crm.cancelled(foreign, 2, ended));
        expect(await harness.deliver(release)).toBe("parked");
        const results: string[] = [];
        for (let i = 0; i < 10 && (await harness.parkedRows()).length > 0; i++)
          results.push(...(await harness.retryParked()));
        expect(results.at(-1)).toBe("dead-lettered");
        expect(harness.dlq).toHaveLength(1);
        expect(harness.dlq[0]?.headers[DLQ_HEADER.errorCode]).toBe(
          "CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH",
        );
        expect(harness.dlq[0]?.headers[DLQ_HEADER.reason]?.includes("clock skew")).toBe(c.skewNote);
        expect(await harness.metricValue("chessboard_crm_hold_mismatch_total")).toBe(1);
        expect(await harness.metricValue("chessboard_crm_hold_mismatch_dead_lettered_total")).toBe(1);
        expect(
          harness.logs.some((l) => l.level === 50 && String(l.msg).includes("hold mismatch dead-lettered")),
        ).toBe(true);
        expect(await object(holder.propertyObjectId)).toMatchObject({
          status: "Reserved",
          holdBookingId: holder.bookingId,
        });
      });
    }

    it("…and the holder's own release, arriving while it is parked, explains it: the object ends Free, nothing dead-lettered", async () => {
      const holder = newBooking(structure);
      const foreign = newBooking(structure);
      const held = clock.now();
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(holder, held)));
      const skewed = new Date(held.getTime() + 2_000);
      expect(
        await harness.deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(foreign, 2, skewed))),
      ).toBe("parked");
      await harness.deliver(
        wireMessage(TOPIC.bookingExpired, crm.expired(holder, 2, clock.now(), "Reserve")),
      );
      expect(await harness.retryParked()).toEqual(["skipped"]);
      expect((await object(holder.propertyObjectId)).status).toBe("Free");
      expect(harness.dlq).toHaveLength(0);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_total")).toBe(1);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_dead_lettered_total")).toBe(0);
    });

    it("INV-CHS-003: a release of the holding BookingId under another DealId is dead-lettered at once", async () => {
      const holder = newBooking(structure);
      await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(holder, clock.now())));
      const forged = { ...holder, dealId: newBooking(structure).dealId };
      expect(
        await harness.deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(forged, 2, clock.now()))),
      ).toBe("dead-lettered");
      expect(harness.dlq[0]?.headers[DLQ_HEADER.errorCode]).toBe("CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH");
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_total")).toBe(1);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_total", { retriable: "false" })).toBe(1);
      expect(await harness.metricValue("chessboard_crm_hold_mismatch_dead_lettered_total")).toBe(1);
      expect(await object(holder.propertyObjectId)).toMatchObject({
        status: "Reserved",
        holdBookingId: holder.bookingId,
      });
    });

    it("a booking event whose TenantId is not the object's developer goes to the DLQ at once", async () => {
      const b = { ...newBooking(structure), tenantId: "0b5e1d7a-0000-4000-8000-0000000000ff" };
      expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(b, clock.now())))).toBe(
        "dead-lettered",
      );
      expect(harness.dlq[0]?.headers[DLQ_HEADER.errorCode]).toBe("CHESSBOARD_BOOKING_TENANT_MISMATCH");
      expect((await object(b.propertyObjectId)).status).toBe("Free");
    });
  },
);
