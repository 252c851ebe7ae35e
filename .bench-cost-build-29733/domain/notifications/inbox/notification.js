import { Prisma } from "../../../generated/prisma/client.js";
const NOTIFICATION_COLUMNS = Prisma.sql`
  n.id, n.recipient_kind AS "recipientKind", n.recipient_id AS "recipientId",
  n.excluded_user_id AS "excludedUserId", n.kind, n.title, n.deal_id::text AS "dealId",
  n.booking_id::text AS "bookingId", n.lot_id::text AS "lotId", n.saved_search_id::text AS "savedSearchId",
  n.created_at AS "createdAt"`;
function notificationToEvent(n) {
  return {
    NotificationId: n.id.toString(),
    RecipientKind: n.recipientKind,
    RecipientId: n.recipientId,
    ExcludedUserId: n.excludedUserId,
    Kind: n.kind,
    Title: n.title,
    DealId: n.dealId,
    BookingId: n.bookingId,
    ...n.lotId ? { LotId: n.lotId } : {},
    ...n.savedSearchId ? { SavedSearchId: n.savedSearchId } : {},
    CreatedAt: n.createdAt.toISOString()
  };
}
function notificationFromEvent(e) {
  return {
    id: BigInt(e.NotificationId),
    recipientKind: e.RecipientKind,
    recipientId: e.RecipientId,
    excludedUserId: e.ExcludedUserId,
    kind: e.Kind,
    title: e.Title,
    dealId: e.DealId,
    bookingId: e.BookingId,
    lotId: e.LotId ?? null,
    savedSearchId: e.SavedSearchId ?? null,
    createdAt: new Date(e.CreatedAt),
    read: false
  };
}
export {
  NOTIFICATION_COLUMNS,
  notificationFromEvent,
  notificationToEvent
};
//# sourceMappingURL=notification.js.map
