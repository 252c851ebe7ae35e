import type { Prisma } from "../../generated/prisma/client.js";
import type { Viewer } from "../../platform/auth/viewer.js";
import type { Db } from "../../platform/db/prisma-client.js";
import { keysetPaging, keysetRange, type Page, type PageArgs } from "../../platform/paging/keyset.js";
import { canPerform } from "./access/crm-access.rules.js";
import { visibleDealsWhere } from "./access/crm-visibility.js";
import { bookingFromRow, dealFromRow } from "./booking/booking.rows.js";
import type { Booking, BookingStatus } from "./booking/booking.types.js";
import { CRM_ERROR, crmErrors } from "./crm.errors.js";
import type { Deal, DealStatus } from "./deal/deal.types.js";
import type { TimelineEntry } from "./timeline/timeline.types.js";

/** Bookings and deals page on (createdAt, id) with the same cursors ("bk1"). */
export const crmPaging = keysetPaging({ errorCode: CRM_ERROR.invalidCursor });

export interface BookingListFilter {
  readonly status?: readonly BookingStatus[] | null;
  readonly dealId?: string | null;
  readonly propertyObjectId?: string | null;
  readonly tenantId?: string | null;
}

export interface DealListFilter {
  readonly status?: readonly DealStatus[] | null;
  readonly tenantId?: string | null;
}

/**
 * The crm read path: every query the API answers, with the read rule of the role matrix applied
 * (single reads check it, lists apply it in SQL so a page never leaks rows) and keyset paging.
 * Resolvers call these and never Prisma; the batch loaders (`…ByIds`) keep one query per page.
 */
export function createCrmReads(db: Db) {
  async function pageOf<
    Row extends { createdAt: Date; id: string },
    T extends { createdAt: Date; id: string },
  >(
    args: PageArgs,
    fetch: (range: ReturnType<typeof keysetRange>, take: number) => Promise<Row[]>,
    map: (row: Row) => T,
  ): Promise<Page<T>> {
    const window = crmPaging.window(args);
    const rows = window.size === 0 ? [] : await fetch(keysetRange(window), window.size + 1);
    return crmPaging.page(window, rows.map(map));
  }

  return {
    /** One booking the viewer may read; CRM_BOOKING_NOT_FOUND otherwise (no existence leak). */
    async booking(viewer: Viewer, id: string): Promise<Booking> {
      const row = await db.crmBooking.findUnique({ where: { id }, include: { deal: true } });
      if (!row || !canPerform(viewer, "read", dealFromRow(row.deal))) throw crmErrors.bookingNotFound(id);
      return bookingFromRow(row);
    },

    /** One deal the viewer may read; CRM_DEAL_NOT_FOUND otherwise. */
    async deal(viewer: Viewer, id: string): Promise<Deal> {
      const row = await db.crmDeal.findUnique({ where: { id } });
      const deal = row ? dealFromRow(row) : null;
      if (!deal || !canPerform(viewer, "read", deal)) throw crmErrors.dealNotFound(id);
      return deal;
    },

    /** Bookings the viewer may read, newest first; one indexed range scan (ix_bookings_created). */
    bookingsPage(viewer: Viewer, filter: BookingListFilter, args: PageArgs): Promise<Page<Booking>> {
      const where: Prisma.CrmBookingWhereInput = {
        deal: visibleDealsWhere(viewer),
        ...(filter.status ? { status: { in: [...filter.status] } } : {}),
        ...(filter.dealId ? { dealId: filter.dealId } : {}),
        ...(filter.propertyObjectId ? { propertyObjectId: filter.propertyObjectId } : {}),
        ...(filter.tenantId ? { tenantId: filter.tenantId } : {}),
      };
      return pageOf(
        args,
        ({ range, order }, take) =>
          db.crmBooking.findMany({
            where: range ? { AND: [where, range] } : where,
            orderBy: [{ createdAt: order }, { id: order }],
            take,
          }),
        bookingFromRow,
      );
    },

    /** Deals the viewer may read, newest first, same cursors as bookings. */
    dealsPage(viewer: Viewer, filter: DealListFilter, args: PageArgs): Promise<Page<Deal>> {
      const where: Prisma.CrmDealWhereInput = {
        AND: [
          visibleDealsWhere(viewer),
          filter.status ? { status: { in: [...filter.status] } } : {},
          filter.tenantId ? { tenantId: filter.tenantId } : {},
        ],
      };
      return pageOf(
        args,
        ({ range, order }, take) =>
          db.crmDeal.findMany({
            where: range ? { AND: [where, range] } : where,
            orderBy: [{ createdAt: order }, { id: order }],
            take,
          }),
        dealFromRow,
      );
    },

    /** Batch loader: deals by id, in the order asked (an Error for a missing one). */
    async dealsByIds(ids: readonly string[]): Promise<Array<Deal | Error>> {
      const rows = await db.crmDeal.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, dealFromRow(r)]));
      return ids.map((id) => byId.get(id) ?? new Error(`Deal ${id} not found`));
    },

    /** Batch loader: every booking of each deal, newest first. */
    async bookingsByDealIds(dealIds: readonly string[]): Promise<Booking[][]> {
      const rows = await db.crmBooking.findMany({
        where: { dealId: { in: [...dealIds] } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      return groupBy(dealIds, rows.map(bookingFromRow), (b) => b.dealId);
    },

    /** Batch loader: the timeline of each booking, oldest first. */
    async timelineByBookingIds(bookingIds: readonly string[]): Promise<TimelineEntry[][]> {
      const rows = await db.crmTimelineEntry.findMany({
        where: { bookingId: { in: [...bookingIds] } },
        orderBy: { id: "asc" },
      });
      return groupBy(bookingIds, rows.map(timelineEntryFromRow), (r) => r.bookingId ?? "");
    },

    /** Batch loader: the timeline of each deal (its own and its bookings' transitions), oldest first. */
    async timelineByDealIds(dealIds: readonly string[]): Promise<TimelineEntry[][]> {
      const rows = await db.crmTimelineEntry.findMany({
        where: { dealId: { in: [...dealIds] } },
        orderBy: { id: "asc" },
      });
      return groupBy(dealIds, rows.map(timelineEntryFromRow), (r) => r.dealId);
    },
  };
}

export type CrmReads = ReturnType<typeof createCrmReads>;

function timelineEntryFromRow(row: Prisma.CrmTimelineEntryGetPayload<object>): TimelineEntry {
  return {
    entity: row.entity === "Booking" ? "Booking" : "Deal",
    dealId: row.dealId,
    bookingId: row.bookingId,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actorUserId: row.actorUserId,
    reason: row.reason,
    at: row.at,
  };
}

/** Groups rows by key in the order of `keys` (DataLoader contract). */
function groupBy<T>(keys: readonly string[], rows: readonly T[], keyOf: (row: T) => string): T[][] {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return keys.map((k) => map.get(k) ?? []);
}
