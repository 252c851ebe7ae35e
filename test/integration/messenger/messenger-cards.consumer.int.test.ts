import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  MESSENGER_BOOKING_CARDS_GROUP,
  messengerBookingCardsConsumer,
} from "../../../src/consumers/messenger-booking-cards.consumer.js";
import type { BookingCreatedV1 } from "../../../src/contracts/crm-booking-events.js";
import type { DealMessagePostedV1 } from "../../../src/contracts/messenger-events.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { subscribedTopics } from "../../../src/platform/events/consumer/definition.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import {
  type BookingRef,
  createStructure,
  crm,
  newBooking,
  type Structure,
  wireMessage,
} from "../chessboard/chessboard-fixtures.js";
import { createConsumerHarness } from "../chessboard/consumer-harness.js";
import { AGENT, createdWithParties, INVESTOR, outboxMessages, outboxPayloads } from "./messenger-fixtures.js";

describeWithService("postgres", "messenger booking cards consumer (pin-messenger-booking-cards)", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");
  let structure: Structure;
  let harness: ReturnType<typeof createConsumerHarness>;

  beforeAll(async () => {
    database = await createMigratedDatabase("messenger_cards");
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    structure = await createStructure(database.prisma, clock, 2);
    harness = createConsumerHarness(database.prisma, clock, messengerBookingCardsConsumer);
    // messenger's replica of the apartments, from chessboard's own events
    for (const m of await outboxMessages(database.prisma, TOPIC.propertyObjectUpserted)) {
      if (structure.objectIds.includes(m.key)) await harness.deliver(m);
    }
  });

  const cardsOf = (dealId: string) =>
    outboxPayloads<DealMessagePostedV1>(database.prisma, TOPIC.dealMessagePosted, dealId);

  async function openBooking(): Promise<BookingRef> {
    const b = newBooking(structure);
    expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, createdWithParties(b, clock.now())))).toBe(
      "applied",
    );
    return b;
  }

  it("booking-created opens the deal chat with the deal's members and writes the booking card with apartment, deadline and amount", async () => {
    const b = await openBooking();
    expect(
      await database.prisma.messengerDealChat.findUniqueOrThrow({ where: { dealId: b.dealId } }),
    ).toMatchObject({
      tenantId: structure.developerId,
      agentUserId: AGENT,
      investorUserId: INVESTOR,
    });
    const object = await database.prisma.chessboardPropertyObject.findUniqueOrThrow({
      where: { id: b.propertyObjectId },
    });
    const [card] = await cardsOf(b.dealId);
    expect(card).toMatchObject({
      DealId: b.dealId,
      Kind: "Card",
      AuthorUserId: null,
      Card: {
        Kind: "BookingCreated",
        BookingId: b.bookingId,
        ApartmentNumber: object.number,
        Floor: object.floor,
        Amount: object.price.toFixed(2),
        Currency: "RUB",
        Deadline: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      },
    });
  });

  it("booking-paid writes «contract paid»", async () => {
    const b = await openBooking();
    const payload = {
      BookingId: b.bookingId,
      DealId: b.dealId,
      PropertyObjectId: b.propertyObjectId,
      TenantId: b.tenantId,
      Version: 4,
      Status: "Booked" as const,
      PaidAt: clock.now().toISOString(),
      ReceiptFileId: "receipt-1",
      ConfirmedByUserId: "dm-1",
    };
    expect(await harness.deliver(wireMessage(TOPIC.bookingPaid, payload))).toBe("applied");
    expect((await cardsOf(b.dealId)).map((m) => m.Card?.Kind)).toEqual(["BookingCreated", "ContractPaid"]);
  });

  it("booking-expired phase Reserve writes «reserve time expired — confirm the booking»", async () => {
    const b = await openBooking();
    await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve")));
    const last = (await cardsOf(b.dealId)).at(-1);
    expect(last?.Card).toMatchObject({
      Kind: "ReserveExpiredConfirmBooking",
      Title: expect.stringContaining("Reserve time expired — confirm the booking"),
    });
  });

  it("booking-expired phase Booking writes «confirm or extend»", async () => {
    const b = await openBooking();
    await harness.deliver(wireMessage(TOPIC.bookingExpired, crm.expired(b, 3, clock.now(), "Booking")));
    expect((await cardsOf(b.dealId)).at(-1)?.Card?.Kind).toBe("BookingExpiredConfirmOrExtend");
  });

  it("confirmed, cancelled, extended and sale started write no card (the spec names none)", async () => {
    const b = await openBooking();
    // Not subscribed at all: the consumer's topics are exactly its handlers.
    const topics = subscribedTopics(harness.def);
    for (const topic of [
      TOPIC.bookingConfirmed,
      TOPIC.bookingCancelled,
      TOPIC.bookingExtended,
      TOPIC.dealSaleStarted,
    ])
      expect(topics).not.toContain(topic);
    expect(await cardsOf(b.dealId)).toHaveLength(1);
  });

  it("duplicates: a redelivered event makes no second card (no mark: decision 0590)", async () => {
    const b = newBooking(structure);
    const message = wireMessage(TOPIC.bookingCreated, createdWithParties(b, clock.now()));
    expect(await harness.deliver(message)).toBe("applied");
    expect(await harness.deliver(message)).toBe("skipped");
    const marks = await database.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM platform.processed_messages WHERE group_id = ${MESSENGER_BOOKING_CARDS_GROUP}`;
    expect(Number(marks[0]?.n)).toBe(0);
    expect(await database.prisma.messengerMessage.count({ where: { dealId: b.dealId } })).toBe(1);
    expect(await cardsOf(b.dealId)).toHaveLength(1);
  });

  it("a card for a deal whose booking-created was not seen yet is parked for 1 s and written once the chat exists", async () => {
    const b = newBooking(structure);
    const expired = wireMessage(TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve"));
    expect(await harness.deliver(expired)).toBe("parked");
    expect(await harness.parkedRows()).toHaveLength(1);
    // PIN_DEAL_EVENT_RETRY_DELAYS' first step (decision 0527): 1 s, not the catalog's 30 s.
    expect(await harness.parkedRetryTimes()).toEqual([new Date(clock.now().getTime() + 1_000)]);
    // Within one BookingId crm's order makes this impossible; it happens when the chat's
    // booking-created reached messenger another way (another booking of the deal, a replay).
    const created = wireMessage(TOPIC.bookingCreated, createdWithParties(b, clock.now()));
    expect(await harness.deliver({ ...created, key: `${created.key}-other` })).toBe("applied");
    expect(await harness.retryParked()).toEqual(["applied"]);
    expect((await cardsOf(b.dealId)).map((m) => m.Card?.Kind)).toEqual([
      "BookingCreated",
      "ReserveExpiredConfirmBooking",
    ]);
  });

  it("booking-created without the deal's parties is applied, not dead-lettered: the chat opens without them (decision 0303)", async () => {
    const b = newBooking(structure);
    const { DealAgentUserId: _a, DealInvestorUserId: _i, ...withoutParties } = crm.created(b, clock.now());
    expect(
      await harness.deliver(wireMessage(TOPIC.bookingCreated, withoutParties as unknown as BookingCreatedV1)),
    ).toBe("applied");
    expect(harness.dlq).toEqual([]);
    const chat = await database.prisma.messengerDealChat.findUniqueOrThrow({ where: { dealId: b.dealId } });
    expect(chat.agentUserId).toBeNull();
    expect((await cardsOf(b.dealId)).map((m) => m.Card?.Kind)).toEqual(["BookingCreated"]);
  });

  it("the replica keeps the newest price: an older upserted never overwrites a newer price change", async () => {
    const id = structure.objectIds[1]!;
    await database.prisma.messengerPropertyObject.update({
      where: { id },
      data: { version: 100, price: "1.00" },
    });
    for (const m of await outboxMessages(database.prisma, TOPIC.propertyObjectUpserted, id))
      expect(await harness.deliver({ ...m, headers: { ...m.headers, "message-id": randomUUID() } })).toBe(
        "skipped-stale",
      );
    expect(
      (await database.prisma.messengerPropertyObject.findUniqueOrThrow({ where: { id } })).price.toFixed(2),
    ).toBe("1.00");
  });
});
