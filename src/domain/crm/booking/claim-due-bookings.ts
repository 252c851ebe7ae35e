import type { CrmBooking } from "../../../generated/prisma/client.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { BOOKING_COLUMNS, DEAL_COLUMNS, type DealColumns } from "./booking.rows.js";

export interface ClaimedBooking {
  /** The raw booking row; decoding it may fail (a poisoned row), which the caller counts per item */
  readonly row: CrmBooking;
  readonly deal: DealColumns;
}

/**
 * Claims up to `limit` due bookings for the caller's transaction and loads them with their deals
 * in the same statement: Reserved/AwaitingPayment past ReserveExpiresAt, Booked past
 * BookingExpiresAt. Only the booking rows are locked, until the transaction ends; concurrent
 * workers (and commands updating the same row) skip or wait — never double-process. The deal is
 * read unlocked: the worker's deal update checks its version.
 * `exclude` keeps rows that already failed in this run out of the next batch.
 */
export async function claimDueBookings(
  tx: Tx,
  now: Date,
  limit: number,
  exclude: readonly string[],
): Promise<ClaimedBooking[]> {
  // The deal is joined outside the locking query: the lock needs a sort of every due row (LockRows
  // sits between Sort and Limit, so no top-N sort), and a sort of booking rows alone is ~2x cheaper
  // than one of booking-and-deal rows. The CTE yields the locked (latest) row versions.
  const rows = await tx.$queryRaw<Array<CrmBooking & DealColumns>>`
    WITH b AS (
      SELECT *
        FROM crm.bookings
       WHERE ((status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < ${now})
           OR (status = 'Booked' AND booking_expires_at < ${now}))
         AND NOT (id = ANY(${exclude}::uuid[]))
       ORDER BY COALESCE(booking_expires_at, reserve_expires_at)
       LIMIT ${limit}
         FOR UPDATE SKIP LOCKED)
    SELECT ${BOOKING_COLUMNS}, ${DEAL_COLUMNS}
      FROM b
      JOIN crm.deals d ON d.id = b.deal_id
     ORDER BY COALESCE(b.booking_expires_at, b.reserve_expires_at)`;
  return rows.map((row) => ({ row, deal: row }));
}

/** Reserved/AwaitingPayment bookings already past their deadline: the "stuck in Reserved" gauge. */
export async function countOverdueReserves(tx: Tx, now: Date): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM crm.bookings
     WHERE status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < ${now}`;
  return Number(row?.n ?? 0);
}
