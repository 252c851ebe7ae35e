import { CARD_KINDS } from "../../../domain/messenger/cards/booking-card.decide.js";
import { builder } from "../../builder.js";
const DealChatCardKindEnum = builder.enumType("DealChatCardKind", {
  description: "System cards of the booking saga: BookingCreated (booking card), ContractPaid (\xAB\u0434\u043E\u0433\u043E\u0432\u043E\u0440 \u043E\u043F\u043B\u0430\u0447\u0435\u043D\xBB), ReserveExpiredConfirmBooking (\xAB\u0432\u0440\u0435\u043C\u044F \u0440\u0435\u0437\u0435\u0440\u0432\u0430 \u0438\u0441\u0442\u0435\u043A\u043B\u043E, \u043F\u043E\u0434\u0442\u0432\u0435\u0440\u0434\u0438\u0442\u0435 \u0431\u0440\u043E\u043D\u044C\xBB), BookingExpiredConfirmOrExtend (\xAB\u043F\u043E\u0434\u0442\u0432\u0435\u0440\u0434\u0438\u0442\u0435/\u043F\u0440\u043E\u0434\u043B\u0438\u0442\u0435\xBB).",
  values: CARD_KINDS
});
const DealChatMessageKindEnum = builder.enumType("DealChatMessageKind", {
  description: "Text: written by a member (`text`). Card: a system card about the deal (`card`).",
  values: ["Text", "Card"]
});
const DealChatCardRef = builder.objectRef("DealChatCard").implement({
  description: "A typed system card with the figures to render it.",
  fields: (t) => ({
    kind: t.field({
      type: DealChatCardKindEnum,
      resolve: (c) => c.kind,
      description: "Which booking event the card reports"
    }),
    bookingId: t.exposeID("bookingId", { description: "The booking it is about" }),
    propertyObjectId: t.exposeID("propertyObjectId", { description: "The property object booked" }),
    title: t.exposeString("title", { description: "Ready-to-show headline" }),
    apartmentNumber: t.exposeString("apartmentNumber", {
      nullable: true,
      description: "Null when messenger had not seen the property object yet"
    }),
    floor: t.exposeInt("floor", {
      nullable: true,
      description: "Floor of the apartment; null when messenger had not seen it yet"
    }),
    amount: t.expose("amount", {
      type: "Decimal",
      nullable: true,
      description: "The apartment's price when the card was written"
    }),
    currency: t.exposeString("currency", {
      nullable: true,
      description: "ISO code of amount; null when amount is null"
    }),
    deadline: t.expose("deadline", {
      type: "DateTime",
      nullable: true,
      description: "BookingCreated: reserve end; expired cards: the deadline that passed"
    })
  })
});
const DealChatMessageRef = builder.objectRef("DealChatMessage").implement({
  description: "A message of a deal chat. `id` grows in commit order within the chat: pass the last one you saw as `afterMessageId` when you resubscribe.",
  fields: (t) => ({
    id: t.string({
      description: "A positive integer (decimal string), growing in commit order within the chat (not a UUID ID, decision 0129)",
      resolve: (m) => m.id.toString()
    }),
    dealId: t.exposeID("dealId", { description: "The deal whose chat it is in" }),
    kind: t.field({ type: DealChatMessageKindEnum, resolve: (m) => m.kind, description: "Text or Card" }),
    authorUserId: t.exposeID("authorUserId", {
      nullable: true,
      description: "Who wrote it; null on a system card"
    }),
    body: t.exposeString("body", { nullable: true, description: "The text; null on a card" }),
    card: t.field({
      type: DealChatCardRef,
      nullable: true,
      resolve: (m) => m.card,
      description: "The card; null on a text message"
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was committed" })
  })
});
const DealChatReadStateRef = builder.objectRef("DealChatReadState").implement({
  description: "Your read mark in a deal chat and how many messages by others are after it.",
  fields: (t) => ({
    dealId: t.exposeID("dealId", { description: "The deal" }),
    lastReadMessageId: t.string({
      nullable: true,
      resolve: (r) => r.lastReadMessageId?.toString() ?? null,
      description: "Id of the last message you read; null before your first read"
    }),
    unreadCount: t.exposeInt("unreadCount", { description: "Messages by others after your mark" })
  })
});
const DealChatPageRef = builder.objectRef("DealChatPage").implement({
  description: "A page of a deal chat, oldest first; `hasOlder` \u2192 ask again with before: messages[0].id.",
  fields: (t) => ({
    dealId: t.exposeID("dealId", { description: "The deal" }),
    messages: t.field({
      type: [DealChatMessageRef],
      resolve: (p) => [...p.messages],
      description: "Oldest first"
    }),
    hasOlder: t.exposeBoolean("hasOlder", { description: "Older messages exist before messages[0]" }),
    readState: t.field({
      type: DealChatReadStateRef,
      resolve: (p) => p.readState,
      description: "Your read mark"
    })
  })
});
export {
  DealChatCardKindEnum,
  DealChatCardRef,
  DealChatMessageKindEnum,
  DealChatMessageRef,
  DealChatPageRef,
  DealChatReadStateRef
};
//# sourceMappingURL=deal-chat-types.js.map
