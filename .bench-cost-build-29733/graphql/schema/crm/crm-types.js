import {
  BOOKING_STATUSES
} from "../../../domain/crm/booking/booking.types.js";
import { DEAL_STATUSES } from "../../../domain/crm/deal/deal.types.js";
import { builder } from "../../builder.js";
const BookingStatusEnum = builder.enumType("BookingStatus", {
  description: "Saga status. Active: Reserved, AwaitingPayment, Booked. Terminal and immutable: the rest (INV-BKG-8).",
  values: BOOKING_STATUSES
});
const DealStatusEnum = builder.enumType("DealStatus", {
  description: "Draft \u2192 Application (developer engaged) \u2194 Booking (active booking) \u2192 Sale; Cancelled.",
  values: DEAL_STATUSES
});
const PaymentStatusEnum = builder.enumType("PaymentStatus", {
  description: "Booking payment: None (no receipt), Uploaded (receipt uploaded, awaiting check), Paid (payment confirmed with confirmBookingPayment).",
  values: ["None", "Uploaded", "Paid"]
});
const InitiatedByEnum = builder.enumType("BookingInitiatedBy", {
  description: "Who started a booking: an agent for a client, the investor themself, or a PIN manager.",
  values: ["Agent", "Investor", "PinManager"]
});
const ProgramTermsRef = builder.objectRef("ProgramTerms").implement({
  description: "Snapshot of the booking programme taken when the booking started.",
  fields: (t) => ({
    reserveDurationMinutes: t.exposeInt("reserveDurationMinutes", {
      description: "How long a reservation holds before it lapses, minutes"
    }),
    bookingDurationHours: t.exposeInt("bookingDurationHours", {
      description: "Booking window; also the extend step."
    }),
    isPaid: t.exposeBoolean("isPaid", { description: "Paid: contract \u2192 receipt \u2192 confirmBookingPayment." })
  })
});
const TimelineEntryRef = builder.objectRef("TimelineEntry").implement({
  description: "One transition of a deal or booking: who, when, from, to, why.",
  fields: (t) => ({
    entity: t.exposeString("entity", { description: "Booking or Deal" }),
    bookingId: t.exposeID("bookingId", {
      nullable: true,
      description: "The booking moved; null for a deal entry"
    }),
    action: t.exposeString("action", {
      description: "The command that made the transition, e.g. ConfirmBooking"
    }),
    fromStatus: t.exposeString("fromStatus", {
      nullable: true,
      description: "Status before; null on creation"
    }),
    toStatus: t.exposeString("toStatus", { description: "Status after" }),
    actorUserId: t.exposeID("actorUserId", { description: "Who did it (a user, or the system)" }),
    reason: t.exposeString("reason", {
      nullable: true,
      description: "Why, when the command took a reason (cancel)"
    }),
    at: t.expose("at", { type: "DateTime", description: "When it happened" })
  })
});
const BookingRef = builder.objectRef("Booking");
const DealRef = builder.objectRef("Deal");
BookingRef.implement({
  description: "A booking = the saga instance: Reserve \u2192 (AwaitingPayment) \u2192 Booked \u2192 Completed, or expired/cancelled.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The booking's id" }),
    dealId: t.exposeID("dealId", { description: "The deal it belongs to" }),
    propertyObjectId: t.exposeID("propertyObjectId", { description: "The property object held" }),
    tenantId: t.exposeID("tenantId", { description: "The developer (TenantId = DeveloperId)" }),
    status: t.field({
      type: BookingStatusEnum,
      description: "Where the saga stands",
      resolve: (b) => b.status
    }),
    initiatedBy: t.field({
      type: InitiatedByEnum,
      description: "Who started it",
      resolve: (b) => b.initiatedBy
    }),
    initiatedByUserId: t.exposeID("initiatedByUserId", { description: "The user who started it" }),
    programTerms: t.field({
      type: ProgramTermsRef,
      description: "Programme terms frozen at start",
      resolve: (b) => b.terms
    }),
    reserveExpiresAt: t.expose("reserveExpiresAt", {
      type: "DateTime",
      description: "When the reservation lapses unless confirmed"
    }),
    bookingExpiresAt: t.expose("bookingExpiresAt", {
      type: "DateTime",
      nullable: true,
      description: "When the confirmed booking lapses unless paid; null before confirmation"
    }),
    paymentStatus: t.field({
      type: PaymentStatusEnum,
      description: "Where the payment stands",
      resolve: (b) => b.paymentStatus
    }),
    contractFileId: t.exposeString("contractFileId", {
      nullable: true,
      description: "File id of the uploaded contract; null until uploadBookingContract"
    }),
    receiptFileId: t.exposeString("receiptFileId", {
      nullable: true,
      description: "File id of the payment receipt; null until uploadPaymentReceipt"
    }),
    requisiteSetId: t.exposeString("requisiteSetId", {
      nullable: true,
      description: "Reference only; no PII in crm"
    }),
    cancelReason: t.exposeString("cancelReason", {
      nullable: true,
      description: "Why it was cancelled; null unless Cancelled"
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it started" }),
    confirmedAt: t.expose("confirmedAt", {
      type: "DateTime",
      nullable: true,
      description: "When confirmed; null before"
    }),
    endedAt: t.expose("endedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it reached a final status (completed, expired, cancelled); null while active"
    }),
    version: t.exposeInt("version", { description: "Grows on every transition" }),
    deal: t.loadable({
      type: DealRef,
      description: "Batched: one query per page whatever the number of bookings.",
      load: (ids, ctx) => ctx.deps.services.crm.reads.dealsByIds(ids),
      resolve: (b) => b.dealId
    }),
    timeline: t.loadableList({
      type: TimelineEntryRef,
      description: "Every transition of this booking, oldest first (batched per page).",
      load: (ids, ctx) => ctx.deps.services.crm.reads.timelineByBookingIds(ids),
      resolve: (b) => b.id
    })
  })
});
DealRef.implement({
  description: "A sales deal; a booking starts only once the developer is engaged (Application or Booking).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The deal's id" }),
    tenantId: t.exposeID("tenantId", {
      nullable: true,
      description: "The engaged developer; null while Draft"
    }),
    status: t.field({ type: DealStatusEnum, description: "Where the deal stands", resolve: (d) => d.status }),
    title: t.exposeString("title", { description: "Free-text name given at creation" }),
    agentUserId: t.exposeID("agentUserId", {
      nullable: true,
      description: "The agent running it; null when none"
    }),
    investorUserId: t.exposeID("investorUserId", {
      nullable: true,
      description: "The buying investor; null when not yet known"
    }),
    cancelReason: t.exposeString("cancelReason", {
      nullable: true,
      description: "Why it was cancelled; null unless Cancelled"
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was created" }),
    version: t.exposeInt("version", { description: "Grows on every transition" }),
    bookings: t.loadableList({
      type: BookingRef,
      description: "All bookings of the deal, newest first (batched per page).",
      load: (ids, ctx) => ctx.deps.services.crm.reads.bookingsByDealIds(ids),
      resolve: (d) => d.id
    }),
    timeline: t.loadableList({
      type: TimelineEntryRef,
      description: "Every transition of the deal and its bookings, oldest first.",
      load: (ids, ctx) => ctx.deps.services.crm.reads.timelineByDealIds(ids),
      resolve: (d) => d.id
    })
  })
});
export {
  BookingRef,
  BookingStatusEnum,
  DealRef,
  DealStatusEnum,
  ProgramTermsRef,
  TimelineEntryRef
};
//# sourceMappingURL=crm-types.js.map
