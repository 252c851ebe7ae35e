import type { MessengerBookingPayloads } from "../../../contracts/readers/booking-readers.js";
import type { TOPIC } from "../../../contracts/topics.js";

type Created = MessengerBookingPayloads[typeof TOPIC.bookingCreated];
type Paid = MessengerBookingPayloads[typeof TOPIC.bookingPaid];
type Expired = MessengerBookingPayloads[typeof TOPIC.bookingExpired];

/**
 * The translation layer between crm and messenger: the crm booking events messenger reacts to,
 * reduced to what a card needs. Other crm events have no card (docs/engineering/messenger.md).
 */
export type BookingFact =
  | {
      readonly type: "created";
      readonly bookingId: string;
      readonly dealId: string;
      readonly tenantId: string;
      readonly propertyObjectId: string;
      readonly reserveExpiresAt: Date;
      readonly isPaid: boolean;
      readonly agentUserId: string | null;
      readonly investorUserId: string | null;
      readonly at: Date;
    }
  | {
      readonly type: "paid";
      readonly bookingId: string;
      readonly dealId: string;
      readonly propertyObjectId: string;
      readonly at: Date;
    }
  | {
      readonly type: "expired";
      readonly phase: "Reserve" | "Booking";
      readonly bookingId: string;
      readonly dealId: string;
      readonly propertyObjectId: string;
      readonly expiresAt: Date;
      readonly at: Date;
    };

export const bookingFactFrom = {
  /**
   * The deal's parties are optional on the wire (decision 0303): an absent one is null, the chat
   * opens with the members the event names (the consumer warns).
   */
  created(p: Created): BookingFact {
    return {
      type: "created",
      bookingId: p.BookingId,
      dealId: p.DealId,
      tenantId: p.TenantId,
      propertyObjectId: p.PropertyObjectId,
      reserveExpiresAt: new Date(p.ReserveExpiresAt),
      isPaid: p.ProgramTerms.IsPaid,
      agentUserId: p.DealAgentUserId ?? null,
      investorUserId: p.DealInvestorUserId ?? null,
      at: new Date(p.CreatedAt),
    };
  },
  paid: (p: Paid): BookingFact => ({
    type: "paid",
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    at: new Date(p.PaidAt),
  }),
  expired: (p: Expired): BookingFact => ({
    type: "expired",
    phase: p.Phase,
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    expiresAt: new Date(p.ExpiresAt),
    at: new Date(p.ExpiredAt),
  }),
};
