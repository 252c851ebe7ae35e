import type { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { dealFromRow } from "../booking/booking.repository.js";
import { keysetRange, type Page, type PageWindow, toPage } from "../booking/booking-page.js";
import type { Deal } from "./deal.types.js";

/**
 * One page of deals, newest first, with the same keyset cursors on (created_at, id) as bookings:
 * one indexed range scan per page. `where` carries the visibility rule and the filter.
 */
export async function findDealsPage(
  db: Db,
  where: Prisma.CrmDealWhereInput,
  window: PageWindow,
): Promise<Page<Deal>> {
  const { range, order } = keysetRange(window);
  const rows =
    window.size === 0
      ? []
      : await db.crmDeal.findMany({
          where: range ? { AND: [where, range] } : where,
          orderBy: [{ createdAt: order }, { id: order }],
          take: window.size + 1,
        });
  return toPage(window, rows.map(dealFromRow));
}
