import type {
  BookingCancelledV1,
  BookingConfirmedV1,
  BookingCreatedV1,
  BookingExpiredV1,
  BookingPaidV1,
  DealSaleStartedV1,
} from "../../contracts/crm-booking-events.js";
import { notificationsErrors } from "./notifications.errors.js";

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
  created(p: BookingCreatedV1): DealParticipants {
    if (p.DealAgentUserId === undefined) throw notificationsErrors.contractFieldMissing("DealAgentUserId");
    if (p.DealInvestorUserId === undefined)
      throw notificationsErrors.contractFieldMissing("DealInvestorUserId");
    return {
      dealId: p.DealId,
      tenantId: p.TenantId,
      agentUserId: p.DealAgentUserId,
      investorUserId: p.DealInvestorUserId,
    };
  },
  confirmed: (p: BookingConfirmedV1): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "confirmed", isPaid: p.IsPaid, actorUserId: p.ConfirmedByUserId },
  }),
  paid: (p: BookingPaidV1): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "paid", actorUserId: p.ConfirmedByUserId },
  }),
  expired: (p: BookingExpiredV1): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "expired", phase: p.Phase, actorUserId: null },
  }),
  cancelled: (p: BookingCancelledV1): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "cancelled", cause: p.Cause, actorUserId: p.CancelledByUserId },
  }),
  saleStarted: (p: DealSaleStartedV1): TransitionOf => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "saleStarted", actorUserId: p.StartedByUserId },
  }),
};
