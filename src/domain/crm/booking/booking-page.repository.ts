import type { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { bookingFromRow } from "./booking.repository.js";
import type { Booking } from "./booking.types.js";
import { type Page, type PageWindow, toPage } from "./booking-page.js";

/**
 * One page of bookings in one SQL query: a range on (created_at, id) from the cursor, backed by
 * ix_bookings_created. `where` carries the visibility rule and the filter.
 */
export async function findBookingsPage(
  db: Db,
  where: Prisma.CrmBookingWhereInput,
  window: PageWindow,
): Promise<Page<Booking>> {
  const older = window.direction === "older";
  const from = window.from;
  const keyset: Prisma.CrmBookingWhereInput | null = from
    ? older
      ? { OR: [{ createdAt: { lt: from.createdAt } }, { createdAt: from.createdAt, id: { lt: from.id } }] }
      : { OR: [{ createdAt: { gt: from.createdAt } }, { createdAt: from.createdAt, id: { gt: from.id } }] }
    : null;
  const order = older ? "desc" : "asc";
  const rows =
    window.size === 0
      ? []
      : await db.crmBooking.findMany({
          where: keyset ? { AND: [where, keyset] } : where,
          orderBy: [{ createdAt: order }, { id: order }],
          take: window.size + 1,
        });
  return toPage(window, rows.map(bookingFromRow));
}
