import { type CrmBooking, Prisma } from "../../../generated/prisma/client.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { type StatementsOrPrisma, statementsOf } from "../../../platform/db/sql-statements.js";
import { changeableInsert, versionedUpdate } from "../command/versioned-columns.js";
import type { Deal } from "../deal/deal.types.js";
import { BOOKING_TABLE } from "./booking.columns.js";
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
  const changeable = changeableInsert(BOOKING_TABLE, b);
  return Prisma.sql`
    INSERT INTO crm.bookings (id, deal_id, property_object_id, tenant_id, initiated_by, initiated_by_user_id,
                              reserve_duration_minutes, booking_duration_hours, is_paid, requisite_set_id,
                              created_at, updated_at, version, ${changeable.columns})
    SELECT ${b.id}::uuid, ${b.dealId}::uuid, ${b.propertyObjectId}::uuid, ${b.tenantId}::uuid,
           ${b.initiatedBy}::text, ${b.initiatedByUserId}::text, ${b.terms.reserveDurationMinutes}::int,
           ${b.terms.bookingDurationHours}::int, ${b.terms.isPaid}::boolean, ${b.requisiteSetId}::text,
           ${b.createdAt}::timestamptz, ${b.createdAt}::timestamptz, ${b.version}::int, ${changeable.values}
      FROM ${gate}
    RETURNING id`;
}

/**
 * The version-guarded booking UPDATE of its changeable columns (BOOKING_TABLE; RETURNING id):
 * exactly one writer of version N wins; the loser's statement updates nothing.
 */
export function bookingVersionedUpdate(previousVersion: number, b: Booking, now: Date): Prisma.Sql {
  return versionedUpdate(BOOKING_TABLE, previousVersion, b, now);
}
