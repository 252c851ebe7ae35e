import type { InboxNotification } from "../../../domain/notifications/inbox/notification.js";
import { NOTIFICATION_KINDS } from "../../../domain/notifications/notification.decide.js";
import { builder } from "../../builder.js";

export const NotificationKindEnum = builder.enumType("NotificationKind", {
  description: "Booking-saga transitions participants are told about (docs/notifications.md).",
  values: NOTIFICATION_KINDS,
});

export const NotificationRef = builder.objectRef<InboxNotification>("Notification").implement({
  description:
    "An inbox entry: a readable title and the link target (deal, booking). `id` grows in commit order: pass the last one you saw as afterId when you resubscribe.",
  fields: (t) => ({
    id: t.string({
      description:
        "A positive integer (decimal string), growing in commit order (not a UUID ID, decision 0129)",
      resolve: (n) => n.id.toString(),
    }),
    kind: t.field({ type: NotificationKindEnum, resolve: (n) => n.kind }),
    title: t.exposeString("title"),
    dealId: t.exposeID("dealId"),
    bookingId: t.exposeID("bookingId", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    read: t.exposeBoolean("read", { description: "Whether you marked it read" }),
  }),
});

export const NotificationPageRef = builder
  .objectRef<{ items: readonly InboxNotification[]; hasNextPage: boolean }>("NotificationPage")
  .implement({
    description: "Newest first. Next page: after = the last item's id.",
    fields: (t) => ({
      items: t.field({ type: [NotificationRef], resolve: (p) => [...p.items] }),
      hasNextPage: t.exposeBoolean("hasNextPage"),
      endCursor: t.string({ nullable: true, resolve: (p) => p.items.at(-1)?.id.toString() ?? null }),
    }),
  });

export const MarkNotificationsReadRef = builder
  .objectRef<{ marked: number; unreadCount: number }>("MarkNotificationsReadPayload")
  .implement({
    fields: (t) => ({
      marked: t.exposeInt("marked", { description: "How many became read now" }),
      unreadCount: t.exposeInt("unreadCount"),
    }),
  });
