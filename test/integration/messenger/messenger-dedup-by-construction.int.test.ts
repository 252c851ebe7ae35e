import { afterAll, beforeAll, expect, it } from "vitest";
import {
  MESSENGER_BOOKING_CARDS_GROUP,
  messengerBookingCardsConsumer,
} from "../../../src/consumers/messenger-booking-cards.consumer.js";
import { createChessboardStructure } from "../../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import { ADMIN, createStructure, crm, newBooking, wireMessage } from "../chessboard/chessboard-fixtures.js";
import { createConsumerHarness } from "../chessboard/consumer-harness.js";
import { createdWithParties, outboxMessages } from "./messenger-fixtures.js";

// Decision 0590 (issue #43, dedup by construction): pin-messenger-booking-cards writes no dedup mark.
// A deal's chat is opened ON CONFLICT DO NOTHING (a deal's parties never change), a card is unique
// per source message id and its chat's last message and deal-message-posted event follow only the
// row that insert returned, and the apartment replica is version-guarded (one Version across
// upserted and price-changed): every message applied twice, after the messages that followed it,
// and a batch redelivered leave the state of one application.

describeWithService("postgres", "messenger booking cards without dedup marks (decision 0590)", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");

  beforeAll(async () => {
    database = await createMigratedDatabase("messenger_unmarked");
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Three apartments (two re-priced) and three deals' bookings: the replica's events, then crm's. */
  async function stream(): Promise<{ ids: string[]; messages: InboundMessage[] }> {
    const structure = await createStructure(database.prisma, clock, 3);
    const chessboard = createChessboardStructure({ db: database.prisma, clock });
    const [o0, o1] = structure.objectIds as [string, string];
    await chessboard.changePrice(ADMIN, o0, "11000000.00");
    await chessboard.changePrice(ADMIN, o0, "12000000.00");
    await chessboard.changePrice(ADMIN, o1, "9000000.00");
    const ours = (m: InboundMessage) => structure.objectIds.includes(m.key);
    const replica = [
      ...(await outboxMessages(database.prisma, TOPIC.propertyObjectUpserted)).filter(ours),
      ...(await outboxMessages(database.prisma, TOPIC.propertyObjectPriceChanged)).filter(ours),
    ];
    const bookings = [0, 1, 2].map((i) => newBooking(structure, i));
    const [b0, b1] = bookings as [(typeof bookings)[0], (typeof bookings)[0]];
    const now = clock.now();
    const messages = [
      ...replica,
      ...bookings.map((b) => wireMessage(TOPIC.bookingCreated, createdWithParties(b, now))),
      wireMessage(TOPIC.bookingPaid, crm.paid(b0, 4, now)),
      wireMessage(TOPIC.bookingExpired, crm.expired(b1, 2, now, "Reserve")),
    ];
    const ids = [
      ...structure.objectIds,
      ...bookings.flatMap((b) => [b.dealId, b.bookingId]),
      structure.developerId,
    ];
    return { ids, messages };
  }

  /**
   * What the consumer writes for the stream's apartments and deals, as JSON with those ids replaced
   * by their index; `withIds` false also drops row ids and source message ids (two streams compared).
   */
  async function state(ids: readonly string[], withIds: boolean): Promise<string> {
    const replica = await database.prisma.$queryRaw<unknown[]>`
      SELECT id::text, number, floor, price::text, currency, version FROM messenger.property_objects
       WHERE id::text = ANY(${ids as string[]}::text[]) ORDER BY number`;
    const chats = await database.prisma.$queryRaw<Array<{ last: bigint | null }>>`
      SELECT deal_id::text, tenant_id::text, agent_user_id, investor_user_id, last_message_id::text AS last
        FROM messenger.deal_chats WHERE deal_id::text = ANY(${ids as string[]}::text[])`;
    const messages = await database.prisma.$queryRaw<unknown[]>`
      SELECT id::text, deal_id::text, kind, card_kind, booking_id::text, card, source_message_id::text AS source
        FROM messenger.messages WHERE deal_id::text = ANY(${ids as string[]}::text[]) ORDER BY id`;
    const events = await database.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM platform.outbox
       WHERE topic = ${TOPIC.dealMessagePosted} AND key = ANY(${ids as string[]}::text[])`;
    const drop = withIds ? [] : ["id", "last", "source"];
    let json = JSON.stringify({ replica, chats, messages, events: Number(events[0]?.n ?? 0) }, (k, v) =>
      drop.includes(k) ? undefined : v,
    );
    ids.forEach((id, i) => {
      json = json.replaceAll(id, `#${i}`);
    });
    return json;
  }

  const harness = () => createConsumerHarness(database.prisma, clock, messengerBookingCardsConsumer);

  it("every message of the stream applied a second time, after all that followed it, changes nothing", async () => {
    const h = harness();
    const { ids, messages } = await stream();
    for (const m of messages) await h.deliver(m);
    const once = await state(ids, true);
    expect(once).toContain('"card_kind":"ContractPaid"');
    for (const m of messages) await h.deliver(m);
    expect(await state(ids, true)).toBe(once);
    const marks = await database.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM platform.processed_messages WHERE group_id = ${MESSENGER_BOOKING_CARDS_GROUP}`;
    expect(Number(marks[0]?.n)).toBe(0);
  });

  it("each message delivered twice in a row leaves what one delivery of each leaves", async () => {
    const h = harness();
    const single = await stream();
    for (const m of single.messages) await h.deliver(m);
    const doubled = await stream();
    for (const m of doubled.messages) {
      await h.deliver(m);
      await h.deliver(m);
    }
    expect(await state(doubled.ids, false)).toBe(await state(single.ids, false));
  });

  it("a batch redelivered whole and from its middle (a crash before the offset commit) changes nothing", async () => {
    const h = harness();
    const { ids, messages } = await stream();
    await h.deliverBatch(messages);
    const once = await state(ids, true);
    await h.deliverBatch(messages);
    expect(await state(ids, true)).toBe(once);
    await h.deliverBatch(messages.slice(Math.floor(messages.length / 2)));
    expect(await state(ids, true)).toBe(once);
  });
});
