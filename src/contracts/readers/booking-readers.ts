/**
 * The readers of crm's booking events (decision 0300). The specification gives a payload table
 * only for the funnel (devstats-funnel-booking-created: BookingId, PropertyObjectId, TenantId,
 * CreatedAt); every other group reads exactly the fields its handlers use, all other fields are
 * ignored. booking-created's deal parties (DealAgentUserId, DealInvestorUserId) are optional for
 * everyone: absent → null, the chat / the participants are built from who is known (+ warn).
 */
import { field as f, opt, type PayloadOf, readerContract, req } from "../reader-contract.js";
import { TOPIC } from "../topics.js";

const FUNNEL_SPEC = "spec: devstats-funnel-booking-created, «Входные данные»";
const USED = "the fields the handlers use (no spec table for this consumer)";

export const EXPIRY_PHASE_VALUES = ["Reserve", "Booking"] as const;
export const CANCELLATION_CAUSE_VALUES = ["BookingCancelled", "DealCancelled"] as const;

/** dev-stats-funnel-crm-booking: the four fields of the spec's table; a broken one → skip + warning. */
export const funnelBookingCreatedReader = readerContract(TOPIC.bookingCreated, FUNNEL_SPEC, {
  BookingId: req(f.uuid()),
  PropertyObjectId: req(f.uuid()),
  TenantId: req(f.uuid()),
  CreatedAt: req(f.dateTime()),
});

/**
 * dev-stats-funnel-crm-deal (the Deals stage, decision 0350): the four fields it uses, by analogy
 * with the Bookings table — the deal id (uniqState), the object (hierarchy), the tenant (guard) and
 * the sale time (EventDate); a broken one → skip + warning.
 */
export const funnelDealSaleStartedReader = readerContract(
  TOPIC.dealSaleStarted,
  "decision 0350: the Deals stage's four fields, as the Bookings stage's table",
  {
    DealId: req(f.uuid()),
    PropertyObjectId: req(f.uuid()),
    TenantId: req(f.uuid()),
    SoldAt: req(f.dateTime()),
  },
);

const bookingBase = {
  BookingId: req(f.uuid()),
  DealId: req(f.uuid()),
  PropertyObjectId: req(f.uuid()),
  TenantId: req(f.uuid()),
} as const;

/** The deal's parties on booking-created: optional (absent → null). */
const dealParties = {
  DealAgentUserId: opt(f.string("A user id")),
  DealInvestorUserId: opt(f.string("A user id")),
} as const;

// ---- pin-chessboard-crm-property-object-status: the hold projection needs Version and the times
export const chessboardReaders = {
  [TOPIC.bookingCreated]: readerContract(TOPIC.bookingCreated, USED, {
    ...bookingBase,
    Version: req(f.integer("Orders a booking's events across topics (the hold guard)")),
    CreatedAt: req(f.dateTime()),
    ReserveExpiresAt: req(f.dateTime()),
  }),
  [TOPIC.bookingConfirmed]: readerContract(TOPIC.bookingConfirmed, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    ConfirmedAt: req(f.dateTime()),
    BookingExpiresAt: req(f.dateTime()),
  }),
  [TOPIC.bookingExtended]: readerContract(TOPIC.bookingExtended, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    ExtendedAt: req(f.dateTime()),
    BookingExpiresAt: req(f.dateTime()),
  }),
  [TOPIC.bookingExpired]: readerContract(TOPIC.bookingExpired, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    ExpiredAt: req(f.dateTime()),
  }),
  [TOPIC.bookingCancelled]: readerContract(TOPIC.bookingCancelled, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    CancelledAt: req(f.dateTime()),
  }),
  [TOPIC.dealSaleStarted]: readerContract(TOPIC.dealSaleStarted, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    SoldAt: req(f.dateTime()),
  }),
} as const;

// ---- pin-messenger-booking-cards
export const messengerBookingReaders = {
  [TOPIC.bookingCreated]: readerContract(TOPIC.bookingCreated, USED, {
    ...bookingBase,
    CreatedAt: req(f.dateTime()),
    ReserveExpiresAt: req(f.dateTime()),
    ProgramTerms: req(f.object({ IsPaid: req(f.boolean()) })),
    ...dealParties,
  }),
  [TOPIC.bookingPaid]: readerContract(TOPIC.bookingPaid, USED, {
    ...bookingBase,
    PaidAt: req(f.dateTime()),
  }),
  [TOPIC.bookingExpired]: readerContract(TOPIC.bookingExpired, USED, {
    ...bookingBase,
    Phase: req(f.oneOf(EXPIRY_PHASE_VALUES)),
    ExpiresAt: req(f.dateTime()),
    ExpiredAt: req(f.dateTime()),
  }),
} as const;

// ---- pin-notifications-booking
const actor = () => req(f.string("The acting user's id (not notified)"));
export const notificationsBookingReaders = {
  [TOPIC.bookingCreated]: readerContract(TOPIC.bookingCreated, USED, {
    DealId: req(f.uuid()),
    TenantId: req(f.uuid()),
    ...dealParties,
  }),
  [TOPIC.bookingConfirmed]: readerContract(TOPIC.bookingConfirmed, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    IsPaid: req(f.boolean()),
    ConfirmedByUserId: actor(),
  }),
  [TOPIC.bookingPaid]: readerContract(TOPIC.bookingPaid, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    ConfirmedByUserId: actor(),
  }),
  [TOPIC.bookingExpired]: readerContract(TOPIC.bookingExpired, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    Phase: req(f.oneOf(EXPIRY_PHASE_VALUES)),
  }),
  [TOPIC.bookingCancelled]: readerContract(TOPIC.bookingCancelled, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    Cause: req(f.oneOf(CANCELLATION_CAUSE_VALUES)),
    CancelledByUserId: actor(),
  }),
  [TOPIC.dealSaleStarted]: readerContract(TOPIC.dealSaleStarted, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    StartedByUserId: actor(),
  }),
} as const;

type Payloads<R> = { -readonly [T in keyof R]: PayloadOf<R[T]> };
export type FunnelBookingCreated = PayloadOf<typeof funnelBookingCreatedReader>;
export type FunnelDealSaleStarted = PayloadOf<typeof funnelDealSaleStartedReader>;
export type ChessboardBookingPayloads = Payloads<typeof chessboardReaders>;
export type MessengerBookingPayloads = Payloads<typeof messengerBookingReaders>;
export type NotificationsBookingPayloads = Payloads<typeof notificationsBookingReaders>;
