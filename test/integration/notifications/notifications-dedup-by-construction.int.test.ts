import { afterAll, beforeAll, expect, it } from "vitest";
import {
  NOTIFICATIONS_BOOKING_GROUP,
  notificationsBookingConsumer,
} from "../../../src/consumers/notifications-booking.consumer.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import { type BookingRef, crm, wireMessage } from "../chessboard/chessboard-fixtures.js";
import { createConsumerHarness } from "../chessboard/consumer-harness.js";
import { createdWithParties } from "../messenger/messenger-fixtures.js";

// Decision 0589 (issue #43, dedup by construction): pin-notifications-booking writes no dedup mark.
// Its writes are idempotent by construction — the deal's participants are inserted ON CONFLICT DO
// NOTHING (first booking-created wins; every later one of the deal carries the same parties), a
// notification is unique per (source message id, recipient) and its notification-added event is
// enqueued only for the rows that insert returned — so every message applied twice, in any
// order after the messages that followed it, and a whole batch redelivered leave the state of one
// application.
const TENANT = "0b5e1d7a-0000-4000-8000-0000000000aa";

describeWithService("postgres", "notifications booking consumer without dedup marks (decision 0589)", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");

  beforeAll(async () => {
    database = await createMigratedDatabase("notifications_unmarked");
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Five deals and every transition notifications reads, in the order crm publishes them. */
  function stream(): { deals: string[]; messages: InboundMessage[] } {
    const refs: BookingRef[] = Array.from({ length: 5 }, () => ({
      bookingId: crypto.randomUUID(),
      dealId: crypto.randomUUID(),
      propertyObjectId: crypto.randomUUID(),
      tenantId: TENANT,
    }));
    const now = clock.now();
    const [a, b, c, d, e] = refs as [BookingRef, BookingRef, BookingRef, BookingRef, BookingRef];
    const messages = [
      ...refs.map((r) => wireMessage(TOPIC.bookingCreated, createdWithParties(r, now))),
      wireMessage(TOPIC.bookingConfirmed, crm.confirmed(a, 2, now, now)),
      wireMessage(TOPIC.bookingPaid, crm.paid(b, 4, now)),
      wireMessage(TOPIC.bookingCancelled, crm.cancelled(c, 2, now)),
      wireMessage(TOPIC.bookingExpired, crm.expired(d, 2, now, "Reserve")),
      wireMessage(TOPIC.dealSaleStarted, crm.saleStarted(e, 4, now)),
      wireMessage(TOPIC.bookingExpired, crm.expired(a, 3, now, "Booking")),
    ];
    return { deals: refs.map((r) => r.dealId), messages };
  }

  /** Everything the consumer writes for `deals`, deal ids replaced by their index (row ids kept). */
  async function state(deals: readonly string[], withIds: boolean): Promise<unknown> {
    const notifications = await database.prisma.$queryRaw<Array<Record<string, unknown>>>`
      SELECT id::text, deal_id::text, kind, recipient_kind, recipient_id, excluded_user_id, booking_id::text
        FROM notifications.notifications WHERE deal_id::text = ANY(${deals as string[]}::text[]) ORDER BY id`;
    const participants = await database.prisma.$queryRaw<Array<Record<string, unknown>>>`
      SELECT deal_id::text, tenant_id::text, agent_user_id, investor_user_id
        FROM notifications.deal_participants WHERE deal_id::text = ANY(${deals as string[]}::text[])
       ORDER BY deal_id`;
    const events = await database.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM platform.outbox
       WHERE topic = ${TOPIC.notificationAdded} AND payload->>'DealId' = ANY(${deals as string[]}::text[])`;
    const index = (row: Record<string, unknown>) => ({
      ...row,
      id: withIds ? row.id : undefined,
      deal_id: deals.indexOf(row.deal_id as string),
      booking_id: undefined,
    });
    return {
      notifications: notifications.map(index),
      participants: participants.map(index).sort((x, y) => x.deal_id - y.deal_id),
      events: Number(events[0]?.n ?? 0),
    };
  }

  const harness = () => createConsumerHarness(database.prisma, clock, notificationsBookingConsumer);

  it("every message of the stream applied a second time, after all that followed it, changes nothing", async () => {
    const h = harness();
    const { deals, messages } = stream();
    for (const m of messages) await h.deliver(m);
    const once = await state(deals, true);
    expect((once as { notifications: unknown[] }).notifications.length).toBeGreaterThan(10);
    for (const m of messages) await h.deliver(m);
    expect(await state(deals, true)).toEqual(once);
    // No mark is written for the group: the state alone makes the replay a no-op.
    const marks = await database.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM platform.processed_messages WHERE group_id = ${NOTIFICATIONS_BOOKING_GROUP}`;
    expect(Number(marks[0]?.n)).toBe(0);
  });

  it("each message delivered twice in a row leaves what one delivery of each leaves", async () => {
    const h = harness();
    const single = stream();
    for (const m of single.messages) await h.deliver(m);
    const doubled = stream();
    for (const m of doubled.messages) {
      await h.deliver(m);
      await h.deliver(m);
    }
    expect(await state(doubled.deals, false)).toEqual(await state(single.deals, false));
  });

  it("a batch redelivered whole (a crash between its commit and the offset commit) changes nothing", async () => {
    const h = harness();
    const { deals, messages } = stream();
    await h.deliverBatch(messages);
    const once = await state(deals, true);
    await h.deliverBatch(messages);
    expect(await state(deals, true)).toEqual(once);
    // and a partial redelivery, from the middle of the batch on
    await h.deliverBatch(messages.slice(4));
    expect(await state(deals, true)).toEqual(once);
  });
});
