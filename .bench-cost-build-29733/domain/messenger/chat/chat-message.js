import { Prisma } from "../../../generated/prisma/client.js";
const MESSAGE_COLUMNS = Prisma.sql`
  id, deal_id::text AS "dealId", kind, author_user_id AS "authorUserId", body, card, created_at AS "createdAt"`;
function cardToContract(card) {
  return {
    Kind: card.kind,
    BookingId: card.bookingId,
    PropertyObjectId: card.propertyObjectId,
    Title: card.title,
    ApartmentNumber: card.apartmentNumber,
    Floor: card.floor,
    Amount: card.amount,
    Currency: card.currency,
    Deadline: card.deadline?.toISOString() ?? null
  };
}
function cardFromContract(c) {
  return {
    kind: c.Kind,
    bookingId: c.BookingId,
    propertyObjectId: c.PropertyObjectId,
    title: c.Title,
    apartmentNumber: c.ApartmentNumber,
    floor: c.Floor,
    amount: c.Amount,
    currency: c.Currency,
    deadline: c.Deadline ? new Date(c.Deadline) : null
  };
}
function chatMessageFromRow(row) {
  return {
    id: row.id,
    dealId: row.dealId,
    kind: row.kind === "Card" ? "Card" : "Text",
    authorUserId: row.authorUserId,
    body: row.body,
    // The card column holds the wire shape (CardContract), the same as the event carries.
    card: row.card ? cardFromContract(row.card) : null,
    createdAt: row.createdAt
  };
}
function chatMessageToEvent(m) {
  return {
    MessageId: m.id.toString(),
    DealId: m.dealId,
    Kind: m.kind,
    AuthorUserId: m.authorUserId,
    Body: m.body,
    Card: m.card ? cardToContract(m.card) : null,
    CreatedAt: m.createdAt.toISOString()
  };
}
function chatMessageFromEvent(e) {
  return {
    id: BigInt(e.MessageId),
    dealId: e.DealId,
    kind: e.Kind,
    authorUserId: e.AuthorUserId,
    body: e.Body,
    card: e.Card ? cardFromContract(e.Card) : null,
    createdAt: new Date(e.CreatedAt)
  };
}
export {
  MESSAGE_COLUMNS,
  cardFromContract,
  cardToContract,
  chatMessageFromEvent,
  chatMessageFromRow,
  chatMessageToEvent
};
//# sourceMappingURL=chat-message.js.map
