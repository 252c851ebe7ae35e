import type { ChessboardBookingPayloads as P } from "../../../contracts/readers/booking-readers.js";
import type { TOPIC } from "../../../contracts/topics.js";

/**
 * A crm booking event as the status projection sees it: what it asks the object to do, for which
 * booking and deal, at which booking Version. One shape for all topics so ordering rules are
 * written once.
 */
export type BookingSignal =
  | { readonly kind: "reserve"; readonly reservedUntil: Date }
  | { readonly kind: "book"; readonly bookedUntil: Date }
  | { readonly kind: "extend"; readonly bookedUntil: Date }
  | { readonly kind: "release"; readonly reason: "expired" | "cancelled" }
  | { readonly kind: "sell"; readonly soldAt: Date };

export interface BookingEvent {
  readonly bookingId: string;
  readonly dealId: string;
  readonly propertyObjectId: string;
  readonly tenantId: string;
  readonly version: number;
  readonly occurredAt: Date;
  readonly signal: BookingSignal;
}

function base(p: {
  BookingId: string;
  DealId: string;
  PropertyObjectId: string;
  TenantId: string;
  Version: number;
}) {
  return {
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    tenantId: p.TenantId,
    version: p.Version,
  };
}

export const bookingEventFrom = {
  created: (p: P[typeof TOPIC.bookingCreated]): BookingEvent => ({
    ...base(p),
    occurredAt: new Date(p.CreatedAt),
    signal: { kind: "reserve", reservedUntil: new Date(p.ReserveExpiresAt) },
  }),
  confirmed: (p: P[typeof TOPIC.bookingConfirmed]): BookingEvent => ({
    ...base(p),
    occurredAt: new Date(p.ConfirmedAt),
    signal: { kind: "book", bookedUntil: new Date(p.BookingExpiresAt) },
  }),
  extended: (p: P[typeof TOPIC.bookingExtended]): BookingEvent => ({
    ...base(p),
    occurredAt: new Date(p.ExtendedAt),
    signal: { kind: "extend", bookedUntil: new Date(p.BookingExpiresAt) },
  }),
  expired: (p: P[typeof TOPIC.bookingExpired]): BookingEvent => ({
    ...base(p),
    occurredAt: new Date(p.ExpiredAt),
    signal: { kind: "release", reason: "expired" },
  }),
  cancelled: (p: P[typeof TOPIC.bookingCancelled]): BookingEvent => ({
    ...base(p),
    occurredAt: new Date(p.CancelledAt),
    signal: { kind: "release", reason: "cancelled" },
  }),
  saleStarted: (p: P[typeof TOPIC.dealSaleStarted]): BookingEvent => ({
    ...base(p),
    occurredAt: new Date(p.SoldAt),
    signal: { kind: "sell", soldAt: new Date(p.SoldAt) },
  }),
};
