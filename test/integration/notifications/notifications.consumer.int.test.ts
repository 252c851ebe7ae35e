import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  NOTIFICATIONS_BOOKING_GROUP,
  notificationsBookingConsumer,
} from "../../../src/consumers/notifications-booking.consumer.js";
import { notificationsDeliveryConsumer } from "../../../src/consumers/notifications-delivery.consumer.js";
import {
  NOTIFICATIONS_EVENT_KEY,
  type NotificationAddedV1,
} from "../../../src/contracts/notifications-events.js";
import type { NotificationChannel } from "../../../src/domain/notifications/delivery/notification-channel.js";
import type { InboxNotification } from "../../../src/domain/notifications/inbox/notification.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import { type BookingRef, crm, wireMessage } from "../chessboard/chessboard-fixtures.js";
import { createConsumerHarness } from "../chessboard/consumer-harness.js";
import { AGENT, createdWithParties, INVESTOR, outboxMessages } from "../messenger/messenger-fixtures.js";

const TENANT = "0b5e1d7a-0000-4000-8000-0000000000aa";
const booking = (): BookingRef => ({
  bookingId: crypto.randomUUID(),
  dealId: crypto.randomUUID(),
  propertyObjectId: crypto.randomUUID(),
  tenantId: TENANT,
});

describeWithService("postgres", "notifications booking consumer (pin-notifications-booking)", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");
  let harness: ReturnType<typeof createConsumerHarness>;

  beforeAll(async () => {
    database = await createMigratedDatabase("notifications_consumer");
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    harness = createConsumerHarness(database.prisma, clock, notificationsBookingConsumer);
  });

  async function opened(): Promise<BookingRef> {
    const b = booking();
    await harness.deliver(wireMessage(TOPIC.bookingCreated, createdWithParties(b, clock.now())));
    return b;
  }
  const inboxOf = (dealId: string) =>
    database.prisma.notification.findMany({ where: { dealId }, orderBy: { id: "asc" } });
  const recipients = async (dealId: string) =>
    (await inboxOf(dealId)).map(
      (n) => `${n.kind}→${n.recipientKind}:${n.recipientId}${n.excludedUserId ? `-${n.excludedUserId}` : ""}`,
    );

  it("booking-created only records the deal's participants (no notification)", async () => {
    const b = await opened();
    expect(await inboxOf(b.dealId)).toEqual([]);
    expect(
      await database.prisma.notificationDealParticipants.findUniqueOrThrow({ where: { dealId: b.dealId } }),
    ).toMatchObject({
      tenantId: TENANT,
      agentUserId: AGENT,
      investorUserId: INVESTOR,
    });
  });

  it("booking-confirmed notifies the investor and the developer's managers, not the agent who confirmed", async () => {
    const b = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingConfirmed, crm.confirmed(b, 2, clock.now(), clock.now())));
    expect(await recipients(b.dealId)).toEqual([
      `BookingConfirmed→User:${INVESTOR}`,
      `BookingConfirmed→Developer:${TENANT}-${AGENT}`,
    ]);
  });

  it("booking-paid notifies agent, investor and the other managers of the developer", async () => {
    const b = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingPaid, crm.paid(b, 4, clock.now())));
    expect(await recipients(b.dealId)).toEqual([
      `BookingPaid→User:${AGENT}`,
      `BookingPaid→User:${INVESTOR}`,
      `BookingPaid→Developer:${TENANT}-dm-1`,
    ]);
  });

  it("booking-expired (both phases) notifies every participant", async () => {
    const b = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve")));
    const c = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(c, 3, clock.now(), "Booking")));
    expect(await recipients(b.dealId)).toEqual([
      `ReserveExpired→User:${AGENT}`,
      `ReserveExpired→User:${INVESTOR}`,
      `ReserveExpired→Developer:${TENANT}`,
    ]);
    expect((await inboxOf(c.dealId)).map((n) => n.kind)).toEqual([
      "BookingExpired",
      "BookingExpired",
      "BookingExpired",
    ]);
  });

  it("booking-cancelled and deal-sale-started notify everyone but the actor", async () => {
    const b = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(b, 2, clock.now())));
    const c = await opened();
    await harness.deliver(wireMessage(TOPIC.dealSaleStarted, crm.saleStarted(c, 4, clock.now())));
    // the fixtures' actor is the demo agent
    expect(await recipients(b.dealId)).toEqual([
      `BookingCancelled→User:${INVESTOR}`,
      `BookingCancelled→Developer:${TENANT}-${AGENT}`,
    ]);
    expect(await recipients(c.dealId)).toEqual([
      `SaleStarted→User:${INVESTOR}`,
      `SaleStarted→Developer:${TENANT}-${AGENT}`,
    ]);
  });

  it("each notification is published as notification-added under one key, in id order", async () => {
    const b = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve")));
    const events = (await outboxMessages(database.prisma, TOPIC.notificationAdded)).filter(
      (m) => (JSON.parse(m.value) as NotificationAddedV1).DealId === b.dealId,
    );
    expect(events.map((m) => m.key)).toEqual([
      NOTIFICATIONS_EVENT_KEY,
      NOTIFICATIONS_EVENT_KEY,
      NOTIFICATIONS_EVENT_KEY,
    ]);
    const ids = events.map((m) => BigInt((JSON.parse(m.value) as NotificationAddedV1).NotificationId));
    expect([...ids].sort((x, y) => (x < y ? -1 : 1))).toEqual(ids);
  });

  it("duplicates: a redelivered event never makes a second notification (no mark: decision 0589)", async () => {
    const b = await opened();
    const message = wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve"));
    expect(await harness.deliver(message)).toBe("applied");
    expect(await harness.deliver(message)).toBe("skipped");
    expect(await inboxOf(b.dealId)).toHaveLength(3);
    const marks = await database.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM platform.processed_messages WHERE group_id = ${NOTIFICATIONS_BOOKING_GROUP}`;
    expect(Number(marks[0]?.n)).toBe(0);
  });

  it("a transition of a deal whose booking-created was not seen yet is parked for 1 s, then notified", async () => {
    const b = booking();
    const sale = wireMessage(TOPIC.dealSaleStarted, crm.saleStarted(b, 4, clock.now()));
    expect(await harness.deliver(sale)).toBe("parked");
    // PIN_DEAL_EVENT_RETRY_DELAYS' first step (decision 0527): 1 s, not the catalog's 30 s.
    expect(await harness.parkedRetryTimes()).toEqual([new Date(clock.now().getTime() + 1_000)]);
    await harness.deliver(wireMessage(TOPIC.bookingCreated, createdWithParties(b, clock.now())));
    expect(await harness.retryParked()).toEqual(["applied"]);
    expect(await inboxOf(b.dealId)).toHaveLength(2);
  });

  it("delivery channels: every notification-added reaches the channel port once", async () => {
    const delivered: InboxNotification[] = [];
    const channel: NotificationChannel = { name: "test", deliver: async (n) => void delivered.push(n) };
    const delivery = createConsumerHarness(database.prisma, clock, (deps) =>
      notificationsDeliveryConsumer(deps, [channel]),
    );
    const b = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve")));
    const messages = (await outboxMessages(database.prisma, TOPIC.notificationAdded)).filter(
      (m) => (JSON.parse(m.value) as NotificationAddedV1).DealId === b.dealId,
    );
    for (const m of messages) expect(await delivery.deliver(m)).toBe("applied");
    for (const m of messages) expect(await delivery.deliver(m)).toBe("skipped-duplicate");
    expect(delivered.map((n) => n.kind)).toEqual(["ReserveExpired", "ReserveExpired", "ReserveExpired"]);
    expect(await delivery.metricValue("notifications_delivered_total", { channel: "test" })).toBe(3);
  });

  it("the logging channel logs what it would send (no outside world)", async () => {
    const delivery = createConsumerHarness(database.prisma, clock, (deps) =>
      notificationsDeliveryConsumer(deps),
    );
    const b = await opened();
    await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve")));
    const [first] = (await outboxMessages(database.prisma, TOPIC.notificationAdded)).filter(
      (m) => (JSON.parse(m.value) as NotificationAddedV1).DealId === b.dealId,
    );
    await delivery.deliver(first!);
    expect(delivery.logs.some((e) => e.channel === "log" && e.kind === "ReserveExpired")).toBe(true);
  });
});
