/**
 * TypeScript mirror of the crm event contracts (schema/events/pin.crm.*.v1.schema.json).
 * The JSON Schemas are the source of truth on the wire; these types are what producers build and
 * consumers read. Field names are the spec's PascalCase names. Dates are ISO-8601 UTC strings.
 *
 * Every booking event carries BookingId, DealId, PropertyObjectId, TenantId and the booking
 * Version after the transition: topics are not ordered against each other, so a consumer tells
 * stale from new by comparing Version for the BookingId, whatever topic the event came from.
 * Within v1 producers may add fields; consumers must ignore unknown ones.
 */
import { TOPIC } from "./topics.js";

export const CRM_BOOKING_TOPICS = {
  bookingCreated: TOPIC.bookingCreated,
  bookingConfirmed: TOPIC.bookingConfirmed,
  bookingPaid: TOPIC.bookingPaid,
  bookingExpired: TOPIC.bookingExpired,
  bookingCancelled: TOPIC.bookingCancelled,
  bookingExtended: TOPIC.bookingExtended,
  dealSaleStarted: TOPIC.dealSaleStarted,
} as const;

export type CrmTopic = (typeof CRM_BOOKING_TOPICS)[keyof typeof CRM_BOOKING_TOPICS];

/** Aggregate types written to the `aggregate-type` header. */
export const CRM_AGGREGATE = { booking: "Booking", deal: "Deal" } as const;

export type BookingStatusContract =
  | "Reserved"
  | "AwaitingPayment"
  | "Booked"
  | "Completed"
  | "ReserveExpired"
  | "BookingExpired"
  | "Cancelled";

export type ActiveBookingStatusContract = "Reserved" | "AwaitingPayment" | "Booked";

export type InitiatedByContract = "Agent" | "Investor" | "PinManager";

export interface ProgramTermsContract {
  readonly ReserveDurationMinutes: number;
  readonly BookingDurationHours: number;
  readonly IsPaid: boolean;
}

/** Fields every crm booking event carries. */
export interface BookingEventBase {
  readonly BookingId: string;
  readonly DealId: string;
  readonly PropertyObjectId: string;
  /** = DeveloperId of the property object */
  readonly TenantId: string;
  /** Booking version after this transition */
  readonly Version: number;
}

/** pin.crm.booking-created.v1 — key BookingId. chessboard: Free → Reserved until ReserveExpiresAt. */
export interface BookingCreatedV1 extends BookingEventBase {
  readonly Status: "Reserved";
  readonly CreatedAt: string;
  readonly InitiatedBy: InitiatedByContract;
  readonly InitiatedByUserId: string;
  readonly ProgramTerms: ProgramTermsContract;
  readonly ReserveExpiresAt: string;
  /**
   * The deal's parties (decision 0120); crm always sets them. Optional for the readers (decision
   * 0303: an event without them is applied with null); messenger and notifications build their
   * members from them.
   */
  readonly DealAgentUserId: string | null;
  readonly DealInvestorUserId: string | null;
}

/** pin.crm.booking-confirmed.v1 — key BookingId. chessboard: Reserved → Booked until BookingExpiresAt. */
export interface BookingConfirmedV1 extends BookingEventBase {
  readonly Status: "Booked";
  readonly ConfirmedAt: string;
  readonly BookingExpiresAt: string;
  readonly IsPaid: boolean;
  readonly ConfirmedByUserId: string;
}

/** pin.crm.booking-paid.v1 — key BookingId. Same commit and Version as its booking-confirmed. */
export interface BookingPaidV1 extends BookingEventBase {
  readonly Status: "Booked";
  readonly PaidAt: string;
  readonly ReceiptFileId: string;
  readonly ConfirmedByUserId: string;
}

export type ExpiryPhaseContract = "Reserve" | "Booking";

/** pin.crm.booking-expired.v1 — key BookingId. Compensation: chessboard releases the object. */
export interface BookingExpiredV1 extends BookingEventBase {
  readonly Status: "ReserveExpired" | "BookingExpired";
  readonly Phase: ExpiryPhaseContract;
  readonly FromStatus: ActiveBookingStatusContract;
  readonly ExpiresAt: string;
  readonly ExpiredAt: string;
}

export type CancellationCauseContract = "BookingCancelled" | "DealCancelled";

/** pin.crm.booking-cancelled.v1 — key BookingId. Compensation: chessboard releases the object. */
export interface BookingCancelledV1 extends BookingEventBase {
  readonly Status: "Cancelled";
  readonly FromStatus: ActiveBookingStatusContract;
  readonly Reason: string;
  readonly Cause: CancellationCauseContract;
  readonly CancelledAt: string;
  readonly CancelledByUserId: string;
}

/** pin.crm.booking-extended.v1 (addition, decision 0041) — key BookingId. chessboard moves BookedUntil. */
export interface BookingExtendedV1 extends BookingEventBase {
  readonly Status: "Booked";
  readonly PreviousBookingExpiresAt: string;
  readonly BookingExpiresAt: string;
  readonly ExtendedAt: string;
  readonly ExtendedByUserId: string;
}

/** pin.crm.deal-sale-started.v1 (addition, decision 0041) — key DealId. chessboard: Booked → Sold. */
export interface DealSaleStartedV1 extends BookingEventBase {
  readonly Status: "Completed";
  readonly SoldAt: string;
  readonly StartedByUserId: string;
}

/** Topic → payload type, for typed handlers (`handlers: { [TOPIC.bookingCreated]: (p: BookingCreatedV1) … }`). */
export interface CrmEventByTopic {
  readonly [TOPIC.bookingCreated]: BookingCreatedV1;
  readonly [TOPIC.bookingConfirmed]: BookingConfirmedV1;
  readonly [TOPIC.bookingPaid]: BookingPaidV1;
  readonly [TOPIC.bookingExpired]: BookingExpiredV1;
  readonly [TOPIC.bookingCancelled]: BookingCancelledV1;
  readonly [TOPIC.bookingExtended]: BookingExtendedV1;
  readonly [TOPIC.dealSaleStarted]: DealSaleStartedV1;
}

/** One event a crm transition produces: topic + its payload, before it becomes an outbox row. */
export type CrmEvent = {
  readonly [T in CrmTopic]: { readonly topic: T; readonly payload: CrmEventByTopic[T] };
}[CrmTopic];

/** The Kafka key of a crm event: BookingId, except deal-sale-started (DealId). */
export function crmEventKey(event: CrmEvent): string {
  return event.topic === TOPIC.dealSaleStarted ? event.payload.DealId : event.payload.BookingId;
}

/** The aggregate type header of a crm event. */
export function crmEventAggregateType(event: CrmEvent): string {
  return event.topic === TOPIC.dealSaleStarted ? CRM_AGGREGATE.deal : CRM_AGGREGATE.booking;
}
