import { BOOKING_COLUMNS, DEAL_COLUMNS } from "./booking.rows.js";
async function claimDueBookings(tx, now, limit, exclude) {
  const rows = await tx.$queryRaw`
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
async function countOverdueReserves(tx, now) {
  const [row] = await tx.$queryRaw`
    SELECT count(*) AS n FROM crm.bookings
     WHERE status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < ${now}`;
  return Number(row?.n ?? 0);
}
export {
  claimDueBookings,
  countOverdueReserves
};
//# sourceMappingURL=claim-due-bookings.js.map
