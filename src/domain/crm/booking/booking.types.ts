import type { InitiatedByContract } from "../../../contracts/crm-booking-events.js";

export const BOOKING_STATUSES = [
  "Reserved",
  "AwaitingPayment",
  "Booked",
  "Completed",
  "ReserveExpired",
  "BookingExpired",
  "Cancelled",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** INV-BKG-001: at most one booking per property object (and per deal) in these statuses. */
export const ACTIVE_BOOKING_STATUSES = ["Reserved", "AwaitingPayment", "Booked"] as const;
export type ActiveBookingStatus = (typeof ACTIVE_BOOKING_STATUSES)[number];

export function isActiveBookingStatus(status: BookingStatus): status is ActiveBookingStatus {
  return (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(status);
}

export type PaymentStatus = "None" | "Uploaded" | "Paid";
export type InitiatedBy = InitiatedByContract;

/** The booking programme snapshot taken when the booking starts (later edits do not apply). */
export interface ProgramTerms {
  readonly reserveDurationMinutes: number;
  readonly bookingDurationHours: number;
  readonly isPaid: boolean;
}

/** booking-program.md is not available; these are the defaults we derived (decision 0042). */
export const DEFAULT_RESERVE_DURATION_MINUTES = 60;
export const DEFAULT_BOOKING_DURATION_HOURS = 72;

/** The Booking aggregate = the saga instance. */
export interface Booking {
  readonly id: string;
  readonly dealId: string;
  readonly propertyObjectId: string;
  /** = DeveloperId of the property object */
  readonly tenantId: string;
  readonly status: BookingStatus;
  readonly initiatedBy: InitiatedBy;
  readonly initiatedByUserId: string;
  readonly terms: ProgramTerms;
  readonly reserveExpiresAt: Date;
  readonly bookingExpiresAt: Date | null;
  readonly paymentStatus: PaymentStatus;
  readonly contractFileId: string | null;
  readonly receiptFileId: string | null;
  /** Reference to profile's requisite set; crm never stores the PII itself. */
  readonly requisiteSetId: string | null;
  readonly cancelReason: string | null;
  readonly createdAt: Date;
  readonly confirmedAt: Date | null;
  readonly endedAt: Date | null;
  readonly version: number;
}
