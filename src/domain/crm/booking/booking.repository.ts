import { type CrmBooking, Prisma } from "../../../generated/prisma/client.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { type StatementsOrPrisma, statementsOf } from "../../../platform/db/sql-statements.js";
import type { Deal } from "../deal/deal.types.js";
import {
  BOOKING_COLUMNS,
  bookingFromRow,
  DEAL_COLUMNS,
  type DealColumns,
  dealFromColumns,
} from "./booking.rows.js";
import type { Booking } from "./booking.types.js";

/** The Booking aggregate's reads and writes (one booking at a time, written by booking-decision.writer.ts; batches: booking-batch.writer.ts). */
export async function findBooking(tx: Tx, id: string): Promise<Booking | null> {
  const row = await tx.crmBooking.findUnique({ where: { id } });
  return row ? bookingFromRow(row) : null;
}

/**
 * A booking and its deal in one statement (a booking command's read, decision 0500); null when
 * either is missing. Nothing is locked: the write's version guards decide, as with two reads.
 */
export async function findBookingWithDeal(
  db: StatementsOrPrisma,
  id: string,
): Promise<{ booking: Booking; deal: Deal } | null> {
  const [row] = await statementsOf(db).rows<CrmBooking & DealColumns>(Prisma.sql`
    SELECT ${BOOKING_COLUMNS}, ${DEAL_COLUMNS}
      FROM crm.bookings b JOIN crm.deals d ON d.id = b.deal_id
     WHERE b.id = ${id}::uuid`);
  return row ? { booking: bookingFromRow(row), deal: dealFromColumns(row) } : null;
}

export async function findActiveBookingOfDeal(tx: Tx, dealId: string): Promise<Booking | null> {
  const row = await tx.crmBooking.findFirst({
    where: { dealId, status: { in: ["Reserved", "AwaitingPayment", "Booked"] } },
  });
  return row ? bookingFromRow(row) : null;
}

/** The booking INSERT as a CTE body: one row per row of `gate` (a CTE name), so none when the gate is empty. */
export function bookingInsertFrom(b: Booking, gate: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO crm.bookings (id, deal_id, property_object_id, tenant_id, status, initiated_by,
                              initiated_by_user_id, reserve_duration_minutes, booking_duration_hours, is_paid,
                              reserve_expires_at, booking_expires_at, payment_status, contract_file_id,
                              receipt_file_id, requisite_set_id, cancel_reason, created_at, confirmed_at,
                              ended_at, updated_at, version)
    SELECT ${b.id}::uuid, ${b.dealId}::uuid, ${b.propertyObjectId}::uuid, ${b.tenantId}::uuid, ${b.status}::text,
           ${b.initiatedBy}::text, ${b.initiatedByUserId}::text, ${b.terms.reserveDurationMinutes}::int,
           ${b.terms.bookingDurationHours}::int, ${b.terms.isPaid}::boolean, ${b.reserveExpiresAt}::timestamptz,
           ${b.bookingExpiresAt}::timestamptz, ${b.paymentStatus}::text, ${b.contractFileId}::text,
           ${b.receiptFileId}::text, ${b.requisiteSetId}::text, ${b.cancelReason}::text, ${b.createdAt}::timestamptz,
           ${b.confirmedAt}::timestamptz, ${b.endedAt}::timestamptz, ${b.createdAt}::timestamptz, ${b.version}::int
      FROM ${gate}
    RETURNING id`;
}

/**
 * The version-guarded booking UPDATE of its mutable columns (RETURNING id): exactly one writer of
 * version N wins; the loser's statement updates nothing.
 */
export function bookingVersionedUpdate(previousVersion: number, b: Booking, now: Date): Prisma.Sql {
  return Prisma.sql`
    UPDATE crm.bookings
       SET status = ${b.status}, reserve_expires_at = ${b.reserveExpiresAt}::timestamptz,
           booking_expires_at = ${b.bookingExpiresAt}::timestamptz, payment_status = ${b.paymentStatus},
           contract_file_id = ${b.contractFileId}::text, receipt_file_id = ${b.receiptFileId}::text,
           cancel_reason = ${b.cancelReason}::text, confirmed_at = ${b.confirmedAt}::timestamptz,
           ended_at = ${b.endedAt}::timestamptz, updated_at = ${now}, version = ${b.version}
     WHERE id = ${b.id}::uuid AND version = ${previousVersion}
    RETURNING id`;
}
