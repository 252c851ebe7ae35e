import type { NotificationsBookingPayloads as P } from "../../contracts/readers/booking-readers.js";
import type { TOPIC } from "../../contracts/topics.js";

/** The deal's parties as notifications knows them (replica from booking-created, decision 0121). */
export interface DealParticipants {
  readonly dealId: string;
  readonly tenantId: string;
  readonly agentUserId: string | null;
  readonly investorUserId: string | null;
}

/**
 * The translation layer between crm and notifications: a booking transition with who caused it.
 * `actorUserId` is null when the system did (the expiration worker).
 */
export type SagaTransition =
  | { readonly type: "confirmed"; readonly isPaid: boolean; readonly actorUserId: string }
  | { readonly type: "paid"; readonly actorUserId: string }
  | { readonly type: "expired"; readonly phase: "Reserve" | "Booking"; readonly actorUserId: null }
  | {
      readonly type: "cancelled";
      readonly cause: "BookingCancelled" | "DealCancelled";
      readonly actorUserId: string;
    }
  | { readonly type: "saleStarted"; readonly actorUserId: string };

export interface TransitionOf {
  readonly dealId: string;
  readonly bookingId: string;
  readonly transition: SagaTransition;
}

export const transitionFrom = {
  /** The deal's parties are optional on the wire (decision 0303): an absent one is null. */
  created(p: P[typeof TOPIC.bookingCreated]): DealParticipants {
    return {
      dealId: p.DealId,
      tenantId: p.TenantId,
      agentUserId: p.DealAgentUserId ?? null,
      investorUserId: p.DealInvestorUserId ?? null,
    };
  },
  confirmed: (p: P[typeof TOPIC.bookingConfirmed]): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "confirmed", isPaid: p.IsPaid, actorUserId: p.ConfirmedByUserId },
  }),
  paid: (p: P[typeof TOPIC.bookingPaid]): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "paid", actorUserId: p.ConfirmedByUserId },
  }),
  expired: (p: P[typeof TOPIC.bookingExpired]): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "expired", phase: p.Phase, actorUserId: null },
  }),
  cancelled: (p: P[typeof TOPIC.bookingCancelled]): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "cancelled", cause: p.Cause, actorUserId: p.CancelledByUserId },
  }),
  saleStarted: (p: P[typeof TOPIC.dealSaleStarted]): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "saleStarted", actorUserId: p.StartedByUserId },
  }),
};
