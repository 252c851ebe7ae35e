import { NOTIFICATION_KINDS } from "../../../domain/notifications/notification.decide.js";
import { builder } from "../../builder.js";
const NotificationKindEnum = builder.enumType("NotificationKind", {
  description: "Booking-saga transitions participants are told about (docs/engineering/notifications.md), and saved-search alerts (SavedSearchMatch, SavedSearchDigest: docs/engineering/catalog.md).",
  values: NOTIFICATION_KINDS
});
const NotificationRef = builder.objectRef("Notification").implement({
  description: "An inbox entry: a readable title and the link target (deal, booking). `id` grows in commit order: pass the last one you saw as afterId when you resubscribe.",
  fields: (t) => ({
    id: t.string({
      description: "A positive integer (decimal string), growing in commit order (not a UUID ID, decision 0129)",
      resolve: (n) => n.id.toString()
    }),
    kind: t.field({ type: NotificationKindEnum, resolve: (n) => n.kind, description: "What happened" }),
    title: t.exposeString("title", { description: "Ready-to-show text" }),
    dealId: t.exposeID("dealId", { nullable: true, description: "null on a saved-search alert" }),
    bookingId: t.exposeID("bookingId", {
      nullable: true,
      description: "The booking it is about; null when none"
    }),
    lotId: t.exposeID("lotId", { nullable: true, description: "The lot of a SavedSearchMatch" }),
    savedSearchId: t.exposeID("savedSearchId", {
      nullable: true,
      description: "The saved search of a SavedSearchMatch or SavedSearchDigest"
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it entered your inbox" }),
    read: t.exposeBoolean("read", { description: "Whether you marked it read" })
  })
});
const NotificationPageRef = builder.objectRef("NotificationPage").implement({
  description: "Newest first. Next page: after = the last item's id.",
  fields: (t) => ({
    items: t.field({ type: [NotificationRef], resolve: (p) => [...p.items], description: "Newest first" }),
    hasNextPage: t.exposeBoolean("hasNextPage", { description: "Older notifications exist" }),
    endCursor: t.string({
      nullable: true,
      resolve: (p) => p.items.at(-1)?.id.toString() ?? null,
      description: "The last item's id (pass as after); null when the page is empty"
    })
  })
});
const MarkNotificationsReadRef = builder.objectRef("MarkNotificationsReadPayload").implement({
  description: "What markNotificationsRead changed.",
  fields: (t) => ({
    marked: t.exposeInt("marked", { description: "How many became read now" }),
    unreadCount: t.exposeInt("unreadCount", { description: "Unread notifications left in your inbox" })
  })
});
export {
  MarkNotificationsReadRef,
  NotificationKindEnum,
  NotificationPageRef,
  NotificationRef
};
//# sourceMappingURL=notification-types.js.map
