import type { CardContract, DealMessagePostedV1 } from "../../../contracts/messenger-events.js";
import { Prisma } from "../../../generated/prisma/client.js";
import type { Card, CardKind } from "../cards/booking-card.decide.js";

export type ChatMessageKind = "Text" | "Card";

/** One message of a deal chat: a participant's text, or a system card. */
export interface ChatMessage {
  /** Increasing in commit order within the deal (decision 0123) */
  readonly id: bigint;
  readonly dealId: string;
  readonly kind: ChatMessageKind;
  readonly authorUserId: string | null;
  readonly body: string | null;
  readonly card: Card | null;
  readonly createdAt: Date;
}

/** Columns of messenger.messages as a ChatMessageRow (for SELECT and RETURNING). */
export const MESSAGE_COLUMNS = Prisma.sql`
  id, deal_id::text AS "dealId", kind, author_user_id AS "authorUserId", body, card, created_at AS "createdAt"`;

/** The row as stored (messenger.messages) → the message. */
export interface ChatMessageRow {
  readonly id: bigint;
  readonly dealId: string;
  readonly kind: string;
  readonly authorUserId: string | null;
  readonly body: string | null;
  readonly card: unknown;
  readonly createdAt: Date;
}

export function cardToContract(card: Card): CardContract {
  return {
    Kind: card.kind,
    BookingId: card.bookingId,
    PropertyObjectId: card.propertyObjectId,
    Title: card.title,
    ApartmentNumber: card.apartmentNumber,
    Floor: card.floor,
    Amount: card.amount,
    Currency: card.currency,
    Deadline: card.deadline?.toISOString() ?? null,
  };
}

export function cardFromContract(c: CardContract): Card {
  return {
    kind: c.Kind as CardKind,
    bookingId: c.BookingId,
    propertyObjectId: c.PropertyObjectId,
    title: c.Title,
    apartmentNumber: c.ApartmentNumber,
    floor: c.Floor,
    amount: c.Amount,
    currency: c.Currency,
    deadline: c.Deadline ? new Date(c.Deadline) : null,
  };
}

export function chatMessageFromRow(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    dealId: row.dealId,
    kind: row.kind === "Card" ? "Card" : "Text",
    authorUserId: row.authorUserId,
    body: row.body,
    // The card column holds the wire shape (CardContract), the same as the event carries.
    card: row.card ? cardFromContract(row.card as CardContract) : null,
    createdAt: row.createdAt,
  };
}

export function chatMessageToEvent(m: ChatMessage): DealMessagePostedV1 {
  return {
    MessageId: m.id.toString(),
    DealId: m.dealId,
    Kind: m.kind,
    AuthorUserId: m.authorUserId,
    Body: m.body,
    Card: m.card ? cardToContract(m.card) : null,
    CreatedAt: m.createdAt.toISOString(),
  };
}

export function chatMessageFromEvent(e: DealMessagePostedV1): ChatMessage {
  return {
    id: BigInt(e.MessageId),
    dealId: e.DealId,
    kind: e.Kind,
    authorUserId: e.AuthorUserId,
    body: e.Body,
    card: e.Card ? cardFromContract(e.Card) : null,
    createdAt: new Date(e.CreatedAt),
  };
}
