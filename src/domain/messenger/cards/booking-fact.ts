import type {
  BookingCreatedV1,
  BookingExpiredV1,
  BookingPaidV1,
} from "../../../contracts/crm-booking-events.js";
import { messengerErrors } from "../messenger.errors.js";

/**
 * The translation layer between crm and messenger: the crm booking events messenger reacts to,
 * reduced to what a card needs. Other crm events have no card (docs/messenger.md).
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
  created(p: BookingCreatedV1): BookingFact {
    // Both keys must be present (null is a valid value: a deal without an investor).
    if (p.DealAgentUserId === undefined) throw messengerErrors.contractFieldMissing("DealAgentUserId");
    if (p.DealInvestorUserId === undefined) throw messengerErrors.contractFieldMissing("DealInvestorUserId");
    return {
      type: "created",
      bookingId: p.BookingId,
      dealId: p.DealId,
      tenantId: p.TenantId,
      propertyObjectId: p.PropertyObjectId,
      reserveExpiresAt: new Date(p.ReserveExpiresAt),
      isPaid: p.ProgramTerms.IsPaid,
      agentUserId: p.DealAgentUserId,
      investorUserId: p.DealInvestorUserId,
      at: new Date(p.CreatedAt),
    };
  },
  paid: (p: BookingPaidV1): BookingFact => ({
    type: "paid",
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    at: new Date(p.PaidAt),
  }),
  expired: (p: BookingExpiredV1): BookingFact => ({
    type: "expired",
    phase: p.Phase,
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    expiresAt: new Date(p.ExpiresAt),
    at: new Date(p.ExpiredAt),
  }),
};
