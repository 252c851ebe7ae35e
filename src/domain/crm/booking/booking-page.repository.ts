import type { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { bookingFromRow } from "./booking.repository.js";
import type { Booking } from "./booking.types.js";
import { keysetRange, type Page, type PageWindow, toPage } from "./booking-page.js";

/**
 * One page of bookings in one SQL query: a range on (created_at, id) from the cursor, backed by
 * ix_bookings_created. `where` carries the visibility rule and the filter.
 */
export async function findBookingsPage(
  db: Db,
  where: Prisma.CrmBookingWhereInput,
  window: PageWindow,
): Promise<Page<Booking>> {
  const { range, order } = keysetRange(window);
  const rows =
    window.size === 0
      ? []
      : await db.crmBooking.findMany({
          where: range ? { AND: [where, range] } : where,
          orderBy: [{ createdAt: order }, { id: order }],
          take: window.size + 1,
        });
  return toPage(window, rows.map(bookingFromRow));
}
