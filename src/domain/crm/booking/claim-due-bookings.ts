import type { Tx } from "../../../platform/db/prisma-client.js";

/**
 * Claims up to `limit` due bookings for the caller's transaction: Reserved/AwaitingPayment past
 * ReserveExpiresAt, Booked past BookingExpiresAt. Rows stay locked until the transaction ends;
 * concurrent workers (and commands updating the same row) skip or wait — never double-process.
 * `exclude` keeps rows that already failed in this run out of the next batch.
 */
export async function claimDueBookings(
  tx: Tx,
  now: Date,
  limit: number,
  exclude: readonly string[],
): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id
      FROM crm.bookings
     WHERE ((status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < ${now})
         OR (status = 'Booked' AND booking_expires_at < ${now}))
       AND NOT (id = ANY(${exclude}::uuid[]))
     ORDER BY COALESCE(booking_expires_at, reserve_expires_at)
     LIMIT ${limit}
       FOR UPDATE SKIP LOCKED`;
  return rows.map((r) => r.id);
}

/** Reserved/AwaitingPayment bookings already past their deadline: the "stuck in Reserved" gauge. */
export async function countOverdueReserves(tx: Tx, now: Date): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM crm.bookings
     WHERE status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < ${now}`;
  return Number(row?.n ?? 0);
}
