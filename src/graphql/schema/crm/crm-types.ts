import {
  BOOKING_STATUSES,
  type Booking,
  type ProgramTerms,
} from "../../../domain/crm/booking/booking.types.js";
import { DEAL_STATUSES, type Deal } from "../../../domain/crm/deal/deal.types.js";
import type { TimelineEntry } from "../../../domain/crm/timeline/timeline.types.js";
import { builder } from "../../builder.js";

export const BookingStatusEnum = builder.enumType("BookingStatus", {
  description:
    "Saga status. Active: Reserved, AwaitingPayment, Booked. Terminal and immutable: the rest (INV-BKG-8).",
  values: BOOKING_STATUSES,
});

export const DealStatusEnum = builder.enumType("DealStatus", {
  description: "Draft → Application (developer engaged) ↔ Booking (active booking) → Sale; Cancelled.",
  values: DEAL_STATUSES,
});

const PaymentStatusEnum = builder.enumType("PaymentStatus", {
  description:
    "Booking payment: None (no receipt), Uploaded (receipt uploaded, awaiting check), Paid (payment confirmed with confirmBookingPayment).",
  values: ["None", "Uploaded", "Paid"] as const,
});
const InitiatedByEnum = builder.enumType("BookingInitiatedBy", {
  description: "Who started a booking: an agent for a client, the investor themself, or a PIN manager.",
  values: ["Agent", "Investor", "PinManager"] as const,
});

export const ProgramTermsRef = builder.objectRef<ProgramTerms>("ProgramTerms").implement({
  description: "Snapshot of the booking programme taken when the booking started.",
  fields: (t) => ({
    reserveDurationMinutes: t.exposeInt("reserveDurationMinutes"),
    bookingDurationHours: t.exposeInt("bookingDurationHours", {
      description: "Booking window; also the extend step.",
    }),
    isPaid: t.exposeBoolean("isPaid", { description: "Paid: contract → receipt → confirmBookingPayment." }),
  }),
});

export const TimelineEntryRef = builder.objectRef<TimelineEntry>("TimelineEntry").implement({
  description: "One transition of a deal or booking: who, when, from, to, why.",
  fields: (t) => ({
    entity: t.exposeString("entity", { description: "Booking or Deal" }),
    bookingId: t.exposeID("bookingId", { nullable: true }),
    action: t.exposeString("action"),
    fromStatus: t.exposeString("fromStatus", { nullable: true }),
    toStatus: t.exposeString("toStatus"),
    actorUserId: t.exposeID("actorUserId"),
    reason: t.exposeString("reason", { nullable: true }),
    at: t.expose("at", { type: "DateTime" }),
  }),
});

export const BookingRef = builder.objectRef<Booking>("Booking");
export const DealRef = builder.objectRef<Deal>("Deal");

BookingRef.implement({
  description:
    "A booking = the saga instance: Reserve → (AwaitingPayment) → Booked → Completed, or expired/cancelled.",
  fields: (t) => ({
    id: t.exposeID("id"),
    dealId: t.exposeID("dealId"),
    propertyObjectId: t.exposeID("propertyObjectId"),
    tenantId: t.exposeID("tenantId", { description: "The developer (TenantId = DeveloperId)" }),
    status: t.field({ type: BookingStatusEnum, resolve: (b) => b.status }),
    initiatedBy: t.field({ type: InitiatedByEnum, resolve: (b) => b.initiatedBy }),
    initiatedByUserId: t.exposeID("initiatedByUserId"),
    programTerms: t.field({ type: ProgramTermsRef, resolve: (b) => b.terms }),
    reserveExpiresAt: t.expose("reserveExpiresAt", { type: "DateTime" }),
    bookingExpiresAt: t.expose("bookingExpiresAt", { type: "DateTime", nullable: true }),
    paymentStatus: t.field({ type: PaymentStatusEnum, resolve: (b) => b.paymentStatus }),
    contractFileId: t.exposeString("contractFileId", { nullable: true }),
    receiptFileId: t.exposeString("receiptFileId", { nullable: true }),
    requisiteSetId: t.exposeString("requisiteSetId", {
      nullable: true,
      description: "Reference only; no PII in crm",
    }),
    cancelReason: t.exposeString("cancelReason", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    confirmedAt: t.expose("confirmedAt", { type: "DateTime", nullable: true }),
    endedAt: t.expose("endedAt", { type: "DateTime", nullable: true }),
    version: t.exposeInt("version"),
    deal: t.loadable({
      type: DealRef,
      description: "Batched: one query per page whatever the number of bookings.",
      load: (ids: string[], ctx) => ctx.deps.services.crm.reads.dealsByIds(ids),
      resolve: (b) => b.dealId,
    }),
    timeline: t.loadableList({
      type: TimelineEntryRef,
      load: (ids: string[], ctx) => ctx.deps.services.crm.reads.timelineByBookingIds(ids),
      resolve: (b) => b.id,
    }),
  }),
});

DealRef.implement({
  description: "A sales deal; a booking starts only once the developer is engaged (Application or Booking).",
  fields: (t) => ({
    id: t.exposeID("id"),
    tenantId: t.exposeID("tenantId", {
      nullable: true,
      description: "The engaged developer; null while Draft",
    }),
    status: t.field({ type: DealStatusEnum, resolve: (d) => d.status }),
    title: t.exposeString("title"),
    agentUserId: t.exposeID("agentUserId", { nullable: true }),
    investorUserId: t.exposeID("investorUserId", { nullable: true }),
    cancelReason: t.exposeString("cancelReason", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    version: t.exposeInt("version"),
    bookings: t.loadableList({
      type: BookingRef,
      description: "All bookings of the deal, newest first (batched per page).",
      load: (ids: string[], ctx) => ctx.deps.services.crm.reads.bookingsByDealIds(ids),
      resolve: (d) => d.id,
    }),
    timeline: t.loadableList({
      type: TimelineEntryRef,
      description: "Every transition of the deal and its bookings, oldest first.",
      load: (ids: string[], ctx) => ctx.deps.services.crm.reads.timelineByDealIds(ids),
      resolve: (d) => d.id,
    }),
  }),
});
