import { keysetPaging, keysetRange } from "../../platform/paging/keyset.js";
import { canPerform } from "./access/crm-access.rules.js";
import { visibleDealsWhere } from "./access/crm-visibility.js";
import { bookingFromRow, dealFromRow } from "./booking/booking.rows.js";
import { CRM_ERROR, crmErrors } from "./crm.errors.js";
const crmPaging = keysetPaging({ errorCode: CRM_ERROR.invalidCursor });
function createCrmReads(db) {
  async function pageOf(args, fetch, map) {
    const window = crmPaging.window(args);
    const rows = window.size === 0 ? [] : await fetch(keysetRange(window), window.size + 1);
    return crmPaging.page(window, rows.map(map));
  }
  return {
    /** One booking the viewer may read; CRM_BOOKING_NOT_FOUND otherwise (no existence leak). */
    async booking(viewer, id) {
      const row = await db.crmBooking.findUnique({ where: { id }, include: { deal: true } });
      if (!row || !canPerform(viewer, "read", dealFromRow(row.deal))) throw crmErrors.bookingNotFound(id);
      return bookingFromRow(row);
    },
    /** One deal the viewer may read; CRM_DEAL_NOT_FOUND otherwise. */
    async deal(viewer, id) {
      const row = await db.crmDeal.findUnique({ where: { id } });
      const deal = row ? dealFromRow(row) : null;
      if (!deal || !canPerform(viewer, "read", deal)) throw crmErrors.dealNotFound(id);
      return deal;
    },
    /** Bookings the viewer may read, newest first; one indexed range scan (ix_bookings_created). */
    bookingsPage(viewer, filter, args) {
      const where = {
        deal: visibleDealsWhere(viewer),
        ...filter.status ? { status: { in: [...filter.status] } } : {},
        ...filter.dealId ? { dealId: filter.dealId } : {},
        ...filter.propertyObjectId ? { propertyObjectId: filter.propertyObjectId } : {},
        ...filter.tenantId ? { tenantId: filter.tenantId } : {}
      };
      return pageOf(
        args,
        ({ range, order }, take) => db.crmBooking.findMany({
          where: range ? { AND: [where, range] } : where,
          orderBy: [{ createdAt: order }, { id: order }],
          take
        }),
        bookingFromRow
      );
    },
    /** Deals the viewer may read, newest first, same cursors as bookings. */
    dealsPage(viewer, filter, args) {
      const where = {
        AND: [
          visibleDealsWhere(viewer),
          filter.status ? { status: { in: [...filter.status] } } : {},
          filter.tenantId ? { tenantId: filter.tenantId } : {}
        ]
      };
      return pageOf(
        args,
        ({ range, order }, take) => db.crmDeal.findMany({
          where: range ? { AND: [where, range] } : where,
          orderBy: [{ createdAt: order }, { id: order }],
          take
        }),
        dealFromRow
      );
    },
    /** Batch loader: deals by id, in the order asked (an Error for a missing one). */
    async dealsByIds(ids) {
      const rows = await db.crmDeal.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, dealFromRow(r)]));
      return ids.map((id) => byId.get(id) ?? new Error(`Deal ${id} not found`));
    },
    /** Batch loader: every booking of each deal, newest first. */
    async bookingsByDealIds(dealIds) {
      const rows = await db.crmBooking.findMany({
        where: { dealId: { in: [...dealIds] } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }]
      });
      return groupBy(dealIds, rows.map(bookingFromRow), (b) => b.dealId);
    },
    /** Batch loader: the timeline of each booking, oldest first. */
    async timelineByBookingIds(bookingIds) {
      const rows = await db.crmTimelineEntry.findMany({
        where: { bookingId: { in: [...bookingIds] } },
        orderBy: { id: "asc" }
      });
      return groupBy(bookingIds, rows.map(timelineEntryFromRow), (r) => r.bookingId ?? "");
    },
    /** Batch loader: the timeline of each deal (its own and its bookings' transitions), oldest first. */
    async timelineByDealIds(dealIds) {
      const rows = await db.crmTimelineEntry.findMany({
        where: { dealId: { in: [...dealIds] } },
        orderBy: { id: "asc" }
      });
      return groupBy(dealIds, rows.map(timelineEntryFromRow), (r) => r.dealId);
    }
  };
}
function timelineEntryFromRow(row) {
  return {
    entity: row.entity === "Booking" ? "Booking" : "Deal",
    dealId: row.dealId,
    bookingId: row.bookingId,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actorUserId: row.actorUserId,
    reason: row.reason,
    at: row.at
  };
}
function groupBy(keys, rows, keyOf) {
  const map = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return keys.map((k) => map.get(k) ?? []);
}
export {
  createCrmReads,
  crmPaging
};
//# sourceMappingURL=crm.reads.js.map
