/**
 * Events published by the messenger context (contract: schema/events/pin.messenger.*.v1.schema.json).
 * Key = DealId, so one chat's messages leave in the order they were committed. The API instances
 * fan them out to `dealChatMessages` subscribers (decision 0125).
 */

export type DealMessageKindContract = "Text" | "Card";

export type CardKindContract =
  | "BookingCreated"
  | "ContractPaid"
  | "ReserveExpiredConfirmBooking"
  | "BookingExpiredConfirmOrExtend";

/** What a front end needs to render a system card without another request. */
export interface CardContract {
  readonly Kind: CardKindContract;
  readonly BookingId: string;
  readonly PropertyObjectId: string;
  readonly Title: string;
  /** The apartment's number in its building; null when messenger has not seen the object yet */
  readonly ApartmentNumber: string | null;
  readonly Floor: number | null;
  /** The object's price when the card was written (decimal string) */
  readonly Amount: string | null;
  readonly Currency: string | null;
  /** The deadline the card is about (reserve end, missed deadline); null when none applies */
  readonly Deadline: string | null;
}

/** pin.messenger.deal-message-posted.v1 — key DealId. */
export interface DealMessagePostedV1 {
  /** Message id: a positive integer as a decimal string, increasing in commit order per deal */
  readonly MessageId: string;
  readonly DealId: string;
  readonly Kind: DealMessageKindContract;
  readonly AuthorUserId: string | null;
  readonly Body: string | null;
  readonly Card: CardContract | null;
  readonly CreatedAt: string;
}

/** Topic → payload, for typed consumers. */
export interface MessengerEventByTopic {
  readonly "pin.messenger.deal-message-posted.v1": DealMessagePostedV1;
}
